/**
 * The Watch Demo walkthrough: screenshots of the real app (public/demo/, taken by
 * scripts/capture-demo-screens.mjs against a local run) with captions that say what each screen does.
 */
export type DemoSlide = { src: string; alt: string; caption: string; width: number; height: number };

export const DEMO_SLIDES: DemoSlide[] = [
  {
    src: "/demo/01-landing.webp",
    alt: "The DealerLane home page with the headline, the Start Free Trial button and the network figures",
    caption: "Start on the DealerLane home page: see what the network offers and start your free trial.",
    width: 800,
    height: 500,
  },
  {
    src: "/demo/02-sign-up.webp",
    alt: "The sign-up form with e-mail, password and confirm password fields, and the demo account options",
    caption: "Create your account with an e-mail and a password, or look around with a demo account first.",
    width: 800,
    height: 500,
  },
  {
    src: "/demo/03-onboarding.webp",
    alt: "Onboarding step 1 of 3: the dealer profile form with name, dealership and address fields",
    caption: "Step 1 of 3: your dealer profile, with your dealership, AuctionACCESS and 5 million numbers.",
    width: 800,
    height: 500,
  },
  {
    src: "/demo/04-dealer-home.webp",
    alt: "The signed-in home feed: the post composer, the Recent, Requests, For Sale and Auction Promos tabs, dealer posts, and the sidebar",
    caption:
      "Your home feed: post inventory or a request, sort the network's posts, and keep your messages and new connections beside it.",
    width: 800,
    height: 500,
  },
  {
    src: "/demo/05-mobile.webp",
    alt: "The home feed on a phone, with the bottom navigation bar: Home, Dealers, Discover, Alerts and Settings",
    caption:
      "On your phone, the same feed with a bottom bar for Home, Dealers, Discover, Alerts and Settings.",
    width: 800,
    height: 500,
  },
];
