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

/** Each platform's named sale sites (physical lanes; the online-only platforms sell "Online"). */
export const AUCTION_LOCATIONS: Record<AuctionPlatform, readonly string[]> = {
  manheim: [
    "Manheim Pennsylvania (Manheim, PA)",
    "Manheim Atlanta (College Park, GA)",
    "Manheim Dallas (Dallas, TX)",
    "Manheim Dallas-Fort Worth (Euless, TX)",
    "Manheim Houston (Houston, TX)",
    "Manheim Orlando (Orlando, FL)",
    "Manheim Tampa (Tampa, FL)",
    "Manheim Fort Lauderdale (Davie, FL)",
    "Manheim Nashville (Mount Juliet, TN)",
    "Manheim Kansas City (Kansas City, MO)",
    "Manheim Detroit (Carleton, MI)",
    "Manheim Chicago (Matteson, IL)",
    "Manheim Denver (Aurora, CO)",
    "Manheim Phoenix (Tolleson, AZ)",
    "Manheim Riverside (Riverside, CA)",
    "Manheim Southern California (Fontana, CA)",
    "Manheim San Francisco Bay (Hayward, CA)",
    "Manheim Seattle (Kent, WA)",
    "Manheim New Jersey (Bordentown, NJ)",
    "Manheim New England (North Dighton, MA)",
    "Manheim Toronto (Milton, ON)",
  ],
  adesa: [
    "ADESA Atlanta (Fairburn, GA)",
    "ADESA Boston (Framingham, MA)",
    "ADESA Dallas (Hutchins, TX)",
    "ADESA Houston (Houston, TX)",
    "ADESA Indianapolis (Plainfield, IN)",
    "ADESA Kansas City (Lee's Summit, MO)",
    "ADESA Phoenix (Chandler, AZ)",
    "ADESA Sacramento (Sacramento, CA)",
    "ADESA Golden Gate (Tracy, CA)",
    "ADESA Los Angeles (Mira Loma, CA)",
    "ADESA Tampa (Tampa, FL)",
    "ADESA Ocala (Ocala, FL)",
    "ADESA Charlotte (Charlotte, NC)",
    "ADESA Toronto (Ajax, ON)",
    "ADESA Montreal (Saint-Eustache, QC)",
    "ADESA Calgary (Airdrie, AB)",
    "ADESA Vancouver (Surrey, BC)",
  ],
  copart: [
    "Copart Dallas (Wilmer, TX)",
    "Copart Houston (Houston, TX)",
    "Copart Atlanta East (Ellenwood, GA)",
    "Copart Los Angeles (Sun Valley, CA)",
    "Copart Phoenix (Phoenix, AZ)",
    "Copart Chicago North (Elgin, IL)",
    "Copart Long Island (Medford, NY)",
    "Copart Orlando North (Orlando, FL)",
    "Copart Denver Central (Denver, CO)",
    "Copart Seattle North (Arlington, WA)",
  ],
  iaai: [
    "IAA Dallas (Grand Prairie, TX)",
    "IAA Houston (Houston, TX)",
    "IAA Chicago-North (Lake Zurich, IL)",
    "IAA Los Angeles (Los Angeles, CA)",
    "IAA Atlanta (Conley, GA)",
    "IAA Phoenix (Phoenix, AZ)",
    "IAA Orlando (Orlando, FL)",
    "IAA Englishtown (Englishtown, NJ)",
    "IAA Seattle (Auburn, WA)",
  ],
  "aaa-americas": [
    "America's Auto Auction Dallas (Dallas, TX)",
    "America's Auto Auction Atlanta (Fairburn, GA)",
    "America's Auto Auction Nashville (Nashville, TN)",
    "America's Auto Auction Kansas City (Belton, MO)",
    "America's Auto Auction St. Louis (St. Louis, MO)",
    "America's Auto Auction Jacksonville (Jacksonville, FL)",
    "America's Auto Auction Spokane (Spokane Valley, WA)",
    "America's Auto Auction Portland (Portland, OR)",
  ],
  "barrett-jackson": [
    "Barrett-Jackson Scottsdale (Scottsdale, AZ)",
    "Barrett-Jackson Palm Beach (West Palm Beach, FL)",
    "Barrett-Jackson Las Vegas (Las Vegas, NV)",
    "Barrett-Jackson Houston (Houston, TX)",
  ],
  mecum: [
    "Mecum Kissimmee (Kissimmee, FL)",
    "Mecum Indianapolis (Indianapolis, IN)",
    "Mecum Monterey (Monterey, CA)",
    "Mecum Glendale (Glendale, AZ)",
    "Mecum Houston (Houston, TX)",
    "Mecum Harrisburg (Harrisburg, PA)",
    "Mecum Dallas (Dallas, TX)",
    "Mecum Las Vegas (Las Vegas, NV)",
    "Mecum Kansas City (Kansas City, MO)",
    "Mecum Tulsa (Tulsa, OK)",
  ],
  "rm-sothebys": [
    "RM Sotheby's Arizona (Phoenix, AZ)",
    "RM Sotheby's Amelia Island (Fernandina Beach, FL)",
    "RM Sotheby's Monterey (Monterey, CA)",
    "RM Sotheby's Hershey (Hershey, PA)",
    "RM Auburn Fall (Auburn, IN)",
  ],
  bonhams: [
    "Bonhams Scottsdale (Scottsdale, AZ)",
    "Bonhams Amelia Island (Fernandina Beach, FL)",
    "Bonhams Quail Lodge (Carmel, CA)",
  ],
  "bring-a-trailer": ["Online"],
  "cars-bids": ["Online"],
  "wholesale-direct": ["Dealer to dealer (no auction lane)"],
  smartauction: ["Online"],
  independent: [
    "Southern Auto Auction (East Windsor, CT)",
    "Greater Rockford Auto Auction (Rockford, IL)",
    "Carolina Auto Auction (Anderson, SC)",
    "Central Mass Auto Auction (Oxford, MA)",
    "Indiana Auto Auction (Fort Wayne, IN)",
    "Dealers Auto Auction of Oklahoma City (Oklahoma City, OK)",
  ],
  other: [],
};

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
