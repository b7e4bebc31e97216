/** Business constants from the specifications' section 9. Pure data: shared by browser, worker and scripts. */

export const PRODUCT_NAME = "DealerLane";

export const US_STATE_CODES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;

export const CANADIAN_PROVINCE_CODES = ["ON", "BC", "AB", "SK", "MB", "QC", "NS", "NB", "PE", "NL"] as const;

/** The 60 state codes: 50 US states plus 10 provinces, no DC. */
export const STATE_CODES = [...US_STATE_CODES, ...CANADIAN_PROVINCE_CODES] as const;
export type StateCode = (typeof STATE_CODES)[number];

export const COUNTRIES = ["US", "CA"] as const;

export const DEALERSHIP_TYPES = ["independent", "franchise", "wholesaler"] as const;
export type DealershipType = (typeof DEALERSHIP_TYPES)[number];

export const PROFILE_TYPES = ["seller", "buyer"] as const;

/** The contact form's wider list. */
export const CONTACT_DEALERSHIP_TYPES = [
  "independent",
  "franchise",
  "wholesaler",
  "auction",
  "other",
] as const;

export const AUCTION_FACILITATORS = [
  "Manheim",
  "ADESA",
  "Openlane",
  "ACV Auctions",
  "Americas Auto Auctions",
  "Copart",
  "IAA (Insurance Auto Auctions)",
  "SmartAuction",
  "BacklotCars",
  "TradeRev",
  "Dealer Track",
  "Simulcast",
  "Independent Auction Services",
  "Regional Auto Auctions",
  "Fleet Lease Remarketing",
] as const;

export const POST_TYPES = ["single", "multiple", "spreadsheet", "for-sale", "request"] as const;

export const FEED_PAGE_SIZE = 7;
export const FEED_PAGE_SIZE_MAX = 50;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Posts expire this many days after they were posted or last renewed (their status becomes 'expired'). */
export const POST_LIFETIME_DAYS = 30;

export const PASSWORD_MIN_LENGTH = 8;
export const SESSION_DAYS = 30;
/** How long an e-mailed sign-in link works (once). */
export const SIGN_IN_LINK_MINUTES = 15;

export const ITEMS_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const INVENTORY_VIEWS = ["grid", "list", "compact"] as const;
export type InventoryView = (typeof INVENTORY_VIEWS)[number];

/** The seeded demo account behind the quick-login button on /login. */
export const DEMO_ACCOUNT = { email: "demo@dealerlane.app", password: "DealerLane-demo-2026" } as const;

export const SUPPORT = {
  email: "support@dealerlane.app",
  phone: "(800) 555-0142",
  phoneHref: "tel:+18005550142",
  address: "1200 Commerce Street, Suite 400, Dallas, TX 75202",
} as const;
