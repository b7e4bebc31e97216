/**
 * Deals and Pass Thru Sales: the business constants and the auction platforms.
 * Pure data and arithmetic, shared by the screens, the worker and the tests.
 */

/** The commission estimate on a confirmed deal is 2 % of the price… */
export const COMMISSION_PERCENT = 2;

/** …rounded down to whole dollars. Integer cents in, integer cents out (always a multiple of 100). */
export function commissionCents(priceCents: number): number {
  const dollars = Math.floor((priceCents * COMMISSION_PERCENT) / 100 / 100);
  return Math.max(0, dollars) * 100;
}

/** Deal years run from 1990 to the next calendar year. */
export const DEAL_YEAR_MIN = 1990;
export const dealYearMax = (now = new Date()) => now.getFullYear() + 1;
/** The completion form starts at this year − 2; a new pass-thru at last year. */
export const defaultCompletionYear = (now = new Date()) => now.getFullYear() - 2;
export const defaultPassThruYear = (now = new Date()) => now.getFullYear() - 1;

/** The success view stays this long, then the dialog closes. */
export const COMPLETION_SUCCESS_MS = 3000;
/** GET /api/deals every 5 s — only while the live inbox socket is down. */
export const DEALS_POLL_MS = 5000;

/** The seller's name when none is known. */
export const SELLER_NAME_FALLBACK = "Wholesale Partner";

/** `unwound`: the seller agreed to take back a deal whose title never came (worker/domain/deals/clocks.ts). */
export const DEAL_STATUSES = [
  "pending",
  "confirmed",
  "completed",
  "declined",
  "withdrawn",
  "unwound",
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** The admin's review: approved or rejected with notes, once it arrives. */
export const REVIEW_STATUSES = ["unreviewed", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Pass-thru steps the two dealers update. The title moves missing → received → sent. */
export const PASS_THRU_STEPS = [
  "saleComplete",
  "titleStatus",
  "gatePassIssued",
  "inTransit",
  "delivered",
] as const;
export type PassThruStep = (typeof PASS_THRU_STEPS)[number];
export const TITLE_STATUSES = ["missing", "received", "sent"] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];

export const PASS_THRU_STEP_LABELS: Record<PassThruStep, string> = {
  saleComplete: "Sale Complete",
  titleStatus: "Title Status",
  gatePassIssued: "Gate Pass Issued",
  inTransit: "In Transit",
  delivered: "Delivered",
};

/** Sale status colours: completed green, pending yellow, in-transit blue, else grey. */
export const SALE_STATUSES = ["completed", "pending", "in-transit"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** Auction platforms, in the order the completion form lists them, with the names dealers know them by. */
export const AUCTION_PLATFORM_LABELS = {
  manheim: "Manheim",
  adesa: "ADESA",
  copart: "Copart",
  iaai: "IAA (Insurance Auto Auctions)",
  "aaa-americas": "America's Auto Auction",
  "barrett-jackson": "Barrett-Jackson",
  mecum: "Mecum Auctions",
  "rm-sothebys": "RM Sotheby's",
  bonhams: "Bonhams",
  "bring-a-trailer": "Bring a Trailer",
  "cars-bids": "Cars & Bids",
  "wholesale-direct": "Wholesale Direct",
  smartauction: "SmartAuction",
  independent: "Independent auction",
  other: "Other",
} as const;
export type AuctionPlatform = keyof typeof AUCTION_PLATFORM_LABELS;
export const AUCTION_PLATFORMS = Object.keys(AUCTION_PLATFORM_LABELS) as [
  AuctionPlatform,
  ...AuctionPlatform[],
];

/** These nine need an auction location to complete a deal. */
export const LOCATION_REQUIRED_PLATFORMS: readonly AuctionPlatform[] = [
  "manheim",
  "adesa",
  "copart",
  "iaai",
  "aaa-americas",
  "barrett-jackson",
  "mecum",
  "rm-sothebys",
  "independent",
];

export const needsAuctionLocation = (platform: string | null | undefined) =>
  Boolean(platform && (LOCATION_REQUIRED_PLATFORMS as readonly string[]).includes(platform));

export const auctionPlatformLabel = (platform: string | null | undefined) =>
  platform ? (AUCTION_PLATFORM_LABELS[platform as AuctionPlatform] ?? platform) : "";

/** The deal screens' texts. */
export const DEAL_TEXTS = {
  pendingTitle: "Pending Confirmation",
  reviewLater: "Review Later",
  confirmed: {
    title: "Deal Confirmed!",
    description: "The transaction has been successfully confirmed and added to your Pass Thru Sales.",
  },
  confirmFailed: { title: "Error", description: "Failed to confirm the deal. Please try again." },
  completeFailed: { title: "Error", fallback: "Failed to complete deal" },
  missing: { title: "Missing Information" },
  invalidVin: { title: "Invalid VIN", description: "VIN must be exactly 17 characters" },
  verifyTitle: "Verify Deal Details",
  processing: "Processing...",
  success: "Congratulations! Deal Successfully Completed!",
  emailSent: "Confirmation email sent to your address",
  verified: { title: "Deal Verified!" },
  passThruCreated: { title: "Pass Thru Created!" },
} as const;

/** "Please fill in: {list}". */
export const pleaseFillIn = (missing: readonly string[]) => `Please fill in: ${missing.join(", ")}`;
