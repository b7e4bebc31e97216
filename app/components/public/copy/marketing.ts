/**
 * Texts and figures of the signed-out site (the landing and the static public pages).
 * Pure data, shared by the public pages; the landing's animated figures are LANDING_STATS.
 */
import type { SubscriptionPlan } from "#lib/api-types";
import { TRIAL_LABEL, formatCents, shortPlanName } from "#lib/subscription-constants";

/** The landing's animated figures: where each counter starts and how it grows. */
export const LANDING_STATS = {
  dealerCounterStart: 3000,
  dealerGrowthMin: 10,
  dealerGrowthMax: 29,
  dealerGrowthEveryMs: 2000,
  deals: 150_000,
  revenueBillions: 2.5,
  animationMs: 2000,
  animationSteps: 60,
} as const;

export const FEATURE_CAROUSEL_MS = 4000;
export const TESTIMONIAL_CAROUSEL_MS = 6000;

/** The landing's typed headline: a fixed lead, then the audiences typed one after the other. */
export const HEADLINE = {
  lead: "The wholesale network built for",
  typed: ["independent dealers", "franchise dealers", "wholesalers", "cross-border buyers"],
} as const;

/** What the landing promises. */
export const LANDING_PROMISES = [
  "30-day money-back guarantee",
  `${TRIAL_LABEL}, no credit card required`,
  "Cancel anytime",
] as const;

export type FeatureSlide = { icon: FeatureIcon; title: string; text: string; points: string[] };
export type FeatureIcon = "shield" | "handshake" | "messages" | "sparkles" | "file" | "chart";

/** The feature carousel: six slides. */
export const FEATURE_SLIDES: FeatureSlide[] = [
  {
    icon: "shield",
    title: "Verified Dealer Network",
    text: "Dealers only: every dealership profile carries its AuctionACCESS number and dealer 5 million number before it joins the network.",
    points: ["Independent, franchise and wholesale dealers", "US dealers and Canadian cross-border buyers"],
  },
  {
    icon: "handshake",
    title: "Direct Dealer Connections",
    text: "Find dealers by name, state or dealership type, connect with them and keep your trusted buyers and sellers one click away.",
    points: ["Filters for state, type and Canadian buying", "Your connections in one list"],
  },
  {
    icon: "messages",
    title: "Real-Time Messaging",
    text: "Chat with any dealer the moment you see a unit you want. Messages arrive instantly, with photos and files for condition reports.",
    points: ["Typing indicators and read receipts", "Start a chat from any post"],
  },
  {
    icon: "sparkles",
    title: "AI Deal Detection",
    text: "DealerLane summarises every inventory post and spots when a conversation turns into a deal, so nothing slips through.",
    points: ["Automatic inventory summaries", "Price and inspection hints in chats"],
  },
  {
    icon: "file",
    title: "Automated Bill of Sale",
    text: "Confirm a deal and complete it with the VIN: the vehicle is decoded for you and the bill of sale is drawn up from the deal details.",
    points: ["VIN decoding with year, make, model and trim", "Every completed deal in Pass Thru Sales"],
  },
  {
    icon: "chart",
    title: "Analytics",
    text: "See how your posts perform and how your wholesale business grows: views, deals and connections over time.",
    points: ["Views on every inventory post", "Deal history at a glance"],
  },
];

/** The testimonial carousel: four items. */
export const TESTIMONIALS = [
  {
    quote:
      "I used to spend Monday mornings calling around for trade-ins nobody on my lot wanted. Now I post them before lunch and they are gone by Wednesday.",
    name: "Marcus Reed",
    role: "Used Car Manager",
    dealership: "Reed Family Motors",
    location: "Columbus, OH",
  },
  {
    quote:
      "The requests feed is the part I did not know I needed. Dealers tell me what they are hunting for and I fill it from my wholesale lot.",
    name: "Angela Torres",
    role: "Owner",
    dealership: "Torres Wholesale",
    location: "San Antonio, TX",
  },
  {
    quote:
      "We buy across the border every week. Filtering for dealers who already deal with Canadian vehicles saves us a round of phone calls on every unit.",
    name: "David Chen",
    role: "Wholesale Buyer",
    dealership: "Northgate Auto Group",
    location: "Detroit, MI",
  },
  {
    quote:
      "Chatting right on the post with photos and the VIN in front of both of us means fewer surprises when the truck shows up.",
    name: "Priya Patel",
    role: "General Manager",
    dealership: "Lakeside Chrysler Dodge Jeep Ram",
    location: "Tampa, FL",
  },
];

export type Plan = {
  id: string;
  name: string;
  price: string;
  period: string;
  tagline: string;
  features: string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
};

/** Plans: Basic $99, Premium $149 (Basic plus $50 of premium features), Enterprise custom. */
export const PLANS: Plan[] = [
  {
    id: "basic",
    name: "Basic",
    price: "$99",
    period: "per month",
    tagline: "Everything a dealer needs to trade wholesale.",
    features: ["Unlimited listings", "Real-time messaging", "Basic analytics", "Standard support"],
    cta: { label: "Get Started", to: "/login" },
  },
  {
    id: "premium",
    name: "Premium",
    price: "$149",
    period: "per month",
    tagline: "Basic plus $50 of premium features.",
    features: [
      "Everything in Basic",
      "AI features",
      "Advanced analytics",
      "Priority support",
      "Custom integrations",
    ],
    cta: { label: "Get Started", to: "/login" },
    highlighted: true,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: "Custom",
    period: "pricing",
    tagline: "For dealer groups with several rooftops.",
    features: [
      "Everything in Premium",
      "Several rooftops under one agreement",
      "API access",
      "A dedicated account manager",
    ],
    cta: { label: "Contact Sales", to: "/contact" },
  },
];

export const BILLING_TERMS = "Billed monthly. Cancel anytime, no contracts.";

/**
 * The plans as the public pages show them, prices and features read from D1 (what the admin pricing manager
 * edits); taglines and the Enterprise card stay marketing text.
 */
export function marketingPlans(live: SubscriptionPlan[] | undefined): Plan[] {
  if (!live || live.length === 0) return PLANS;
  const fromLive = live.map((plan): Plan => {
    const copy = PLANS.find((p) => p.id === plan.id);
    return {
      id: plan.id as Plan["id"],
      name: shortPlanName(plan.name),
      price: formatCents(plan.priceCents),
      period: "per month",
      tagline: copy?.tagline ?? "",
      features: plan.features,
      cta: { label: "Get Started", to: "/login" },
      highlighted: plan.popular,
    };
  });
  return [...fromLive, ...PLANS.filter((p) => p.id === "enterprise")];
}

/** The footer's twelve pages, grouped. */
export const FOOTER_GROUPS: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/security", label: "Security" },
      { to: "/mobile", label: "Mobile App" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact Us" },
      { to: "/api-docs", label: "API Docs" },
      { to: "/status", label: "System Status" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/blog", label: "Blog" },
      { to: "/careers", label: "Careers" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
];

export const HEADER_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/help", label: "Help" },
  { to: "/contact", label: "Contact" },
] as const;

/** Business hours of the contact page's side card. */
export const SUPPORT_HOURS = [
  { days: "Mon-Fri", hours: "8 AM-8 PM EST" },
  { days: "Sat", hours: "9 AM-6 PM EST" },
  { days: "Sun", hours: "closed" },
] as const;

/** Number formatting of the stats: 3,047 · 150,000 · $2.5B. */
export const formatCount = (n: number) => Math.round(n).toLocaleString("en-US");
