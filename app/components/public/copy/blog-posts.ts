/** The blog's six posts (title, excerpt, author, date, category, read time). */
export const BLOG_POSTS = [
  {
    slug: "wholesale-without-the-phone-tag",
    title: "Wholesale without the phone tag",
    excerpt:
      "Why we built DealerLane: most dealer-to-dealer trades still start with a group text and end with a missed call. There is a better way.",
    author: "Jordan Ellis",
    authorRole: "Co-founder",
    date: "2026-11-12",
    category: "Company",
    body: [
      "Every used-car manager knows the routine. A trade-in comes in that does not fit your lot, so you text the same five dealers you always text, wait, call, wait again, and eventually send it to auction because the week is running out.",
      "The dealers who would have paid the most for that unit were out there. They just were not in your phone. DealerLane exists to put them there: a network of dealers who post what they have, say what they are looking for, and talk to each other directly.",
      "We started with the basics we kept hearing about. Posting a unit should take a minute, not a morning. A buyer should be able to ask about the frame or the title in the same place they saw the photos. A deal that is agreed in a chat should be easy to confirm, complete with the VIN, and find again later.",
      "We are not trying to replace auctions. They do a job nothing else does. We want the trades between dealers who already trust each other, and the ones who should, to be quicker and more visible.",
      "If you run a dealership and have opinions about how wholesale should work, we would love to hear them. Our contact page goes straight to the team.",
    ],
  },
  {
    slug: "writing-a-post-that-sells",
    title: "Five things every wholesale post should say",
    excerpt:
      "The posts that get messages in the first hour have a few things in common. Here is the checklist our most active sellers use.",
    author: "Renee Martin",
    authorRole: "Dealer Success Lead",
    date: "2026-10-28",
    category: "Dealer Tips",
    body: [
      "After watching thousands of posts go by in the feed, a pattern is clear: the units that move fast are the ones whose posts answer a buyer's first five questions before they are asked.",
      "First, the VIN. A buyer wants to run it before they call you. Second, honest mileage, to the mile if you have it. Third, the price or at least a floor, because 'make an offer' gets skipped. Fourth, where the vehicle physically is, since transport is part of the math. Fifth, photos of the things that matter: tires, interior, the dash with the engine running, and any damage you already know about.",
      "Condition notes do not have to be long. 'Light scratch on rear bumper, needs front tires, clean title' tells a buyer more than three paragraphs of adjectives.",
      "Finally, answer questions on the post itself. Everyone else who is looking at the unit sees the answer, and you get fewer duplicate messages.",
    ],
  },
  {
    slug: "buying-canadian-vehicles",
    title: "Buying Canadian vehicles: what US dealers ask us",
    excerpt:
      "Cross-border units can be a good source of inventory. A short guide to the questions we hear most from dealers buying from Canada.",
    author: "Samira Haddad",
    authorRole: "Marketplace Operations",
    date: "2026-10-09",
    category: "Cross-Border",
    body: [
      "A growing share of the dealers on DealerLane buy vehicles from Canada, and the questions we hear are consistent, so here is what we tell them.",
      "Start with the paperwork. A vehicle imported into the US has to meet US safety and emissions rules, and the importer handles the customs entry and the declarations to the federal agencies involved. Many dealers work with a registered importer or a customs broker for their first few units.",
      "Odometers are a common surprise: Canadian vehicles read in kilometres. Make sure the listing says which, and budget for the conversion label or cluster change where it is needed.",
      "Recall and warranty coverage can differ between the two markets, so check both before you commit.",
      "On DealerLane you can filter the network for dealers who buy Canadian vehicles, and they can find you the same way. Rules change, so always confirm the current requirements with your broker before you buy.",
    ],
  },
  {
    slug: "real-time-messaging-is-here",
    title: "Real-time messaging, built for dealers",
    excerpt:
      "Chats on DealerLane are live: typing indicators, read receipts and unread counts, and they keep working when your signal does not.",
    author: "Tomás Rivera",
    authorRole: "Engineering",
    date: "2026-09-22",
    category: "Product Updates",
    body: [
      "A wholesale deal is usually a conversation, so we spent a lot of time on messaging.",
      "Every chat between two dealers lives on its own small server close to them, which is why a message shows up on the other side as soon as it is saved. You can see when the other dealer is typing and when they have read what you sent, and your unread count stays the same on every tab and device you have open.",
      "Dealers are often on a lot or at an auction with patchy signal. If the live connection drops, DealerLane quietly falls back to checking for new messages every few seconds, and reconnects on its own when it can. Every message carries its own id, so a message that is retried is never sent twice.",
      "You can start a chat from any post in the feed, from a dealer's profile, or from the Messages screen.",
    ],
  },
  {
    slug: "keeping-your-account-safe",
    title: "How we keep your DealerLane account safe",
    excerpt: "What happens to your password, your session and your messages, explained without the jargon.",
    author: "Nadia Brooks",
    authorRole: "Security",
    date: "2026-09-04",
    category: "Security",
    body: [
      "Dealers trust us with their inventory, their conversations and their customers' deals, so here is plainly what we do with your account.",
      "Your password is never stored. We keep a salted, slow hash of it, so even we cannot read it. When you sign in, you get a random session token; we store only a fingerprint of that token, so a copy of our database would sign nobody in.",
      "Every page and every call travels over an encrypted connection. Our pages only run scripts we wrote, and changes to your account are only accepted from our own site, which blocks a whole family of attacks that ride on your browser.",
      "Repeated failed sign-ins from the same place are slowed down and then refused for a while, which makes guessing passwords impractical.",
      "If you ever see something that looks wrong, contact us right away. Our Security page lists what we do in more detail.",
    ],
  },
  {
    slug: "reading-the-wholesale-market",
    title: "Reading the wholesale market from your feed",
    excerpt:
      "The requests other dealers post are a live signal of demand. How to use them to decide what to keep, what to wholesale and what to buy.",
    author: "Renee Martin",
    authorRole: "Dealer Success Lead",
    date: "2026-08-18",
    category: "Industry Insights",
    body: [
      "Most market reports tell you what sold last month. The Requests tab in your DealerLane feed tells you what dealers are trying to buy this week.",
      "If three dealers in your region are asking for clean three-row SUVs, that is a reason to hold the one you just took in rather than sending it to auction. If nobody is asking for the sedan sitting on your back row, that is a reason to post it today and price it to move.",
      "Posting your own requests works the same way in reverse: be specific about year range, mileage and budget, and sellers who have exactly that will message you.",
      "Watch the views on your posts, too. A post with many views and no messages usually means the price or the photos are the problem, not the vehicle.",
    ],
  },
];

export const findBlogPost = (slug: string | undefined) => BLOG_POSTS.find((p) => p.slug === slug);

/** Minutes to read at 200 words a minute, never less than one. */
export function readTimeMinutes(post: { title: string; body: string[] }): number {
  const words = [post.title, ...post.body].join(" ").split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

export const formatPostDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
