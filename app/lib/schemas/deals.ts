/**
 * Deals: one schema per call or form, used by the worker and the screens alike. Pure code.
 */
import { z } from "zod";
import { cursorParam, limitParam } from "./paging";
import {
  AUCTION_PLATFORMS,
  DEAL_STATUSES,
  DEAL_YEAR_MIN,
  TITLE_STATUSES,
  dealYearMax,
  needsAuctionLocation,
  pleaseFillIn,
} from "#lib/deals/constants";
import { VIN_LENGTH } from "#lib/vin";

/** Upper-cased, and what a VIN can never hold (I, O, Q, spaces, punctuation) removed. */
export const filterVin = (raw: string) => raw.toUpperCase().replace(/[^A-HJ-NPR-Z0-9]/g, "");

export const VIN_EXACT_MESSAGE = "VIN must be exactly 17 characters";

/** Miles and price are parsed as integers, and what does not parse becomes 0. */
export function toWholeNumber(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === "string") {
    const parsed = Number.parseInt(value.replace(/[\s,$]/g, ""), 10);
    return Number.isNaN(parsed) ? 0 : parsed;
  }
  return 0;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : typeof v === "number" ? String(v) : v),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );

const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    toWholeNumber,
    z
      .number()
      .int()
      .min(0, `${label} must be at least 0`)
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`),
  );

/** Whole dollars, at most $10 million (a wholesale unit). */
export const PRICE_MAX_DOLLARS = 10_000_000;
export const MILES_MAX = 2_000_000;

const yearField = z.preprocess(
  (v) => (isBlank(v) ? undefined : toWholeNumber(v)),
  z
    .number({ error: "Year is required" })
    .int()
    .superRefine((year, ctx) => {
      const max = dealYearMax();
      if (year < DEAL_YEAR_MIN || year > max)
        ctx.addIssue({ code: "custom", message: `Year must be between ${DEAL_YEAR_MIN} and ${max}` });
    }),
);

const auctionField = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  z.enum(AUCTION_PLATFORMS, { error: "Choose an auction platform from the list" }).optional(),
);

const vinField = z.preprocess(
  (v) => (typeof v === "string" ? filterVin(v) : v),
  z.string({ error: "VIN must be text" }),
);

/** A VIN that is either absent or exactly 17 characters once filtered (a proposal may not know it yet). */
const optionalVin = z.preprocess(
  (v) => (isBlank(v) ? undefined : typeof v === "string" ? filterVin(v) : v),
  z.string({ error: "VIN must be text" }).length(VIN_LENGTH, VIN_EXACT_MESSAGE).optional(),
);

export const dealVehicleSchema = z.object(
  {
    vin: optionalVin,
    year: yearField,
    make: text("Make", 60).pipe(z.string().min(1, "Make is required")),
    model: text("Model", 60).pipe(z.string().min(1, "Model is required")),
    trim: text("Trim", 80),
    miles: wholeNumber("Miles", MILES_MAX),
    color: text("Color", 40),
  },
  { error: "vehicle must hold vin, year, make, model, trim, miles and color" },
);

/** POST /api/deals: the proposer is the signed-in dealer; `role` is the proposer's side of the deal. */
export const proposeDealSchema = z.object({
  counterpartyId: z.string({ error: "Choose the dealer you are dealing with" }).min(1).max(64),
  role: z.enum(["seller", "buyer"], { error: 'role must be "seller" or "buyer"' }),
  postId: z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().max(64).optional()),
  vehicle: dealVehicleSchema,
  price: z.preprocess(
    (v) => (isBlank(v) ? undefined : toWholeNumber(v)),
    z
      .number({ error: "Price is required" })
      .int()
      .min(1, "Price must be at least $1")
      .max(PRICE_MAX_DOLLARS, "Price is too high"),
  ),
  location: text("Location", 120),
  auction: auctionField,
  auctionLocation: text("Auction location", 160),
});
export type ProposeDeal = z.output<typeof proposeDealSchema>;

/** The words "Please fill in: {list}" uses for each required field. */
const REQUIRED_WORDS = { vin: "VIN", make: "make", model: "model", price: "price" } as const;

/**
 * POST /api/deals/complete: vin, make, model and price must be filled, and an
 * auction location for the nine platforms that need one — all named in one "Please fill in: {list}".
 * `dealId` completes a confirmed deal; without it the dealer records a deal closed elsewhere.
 */
export const completeDealSchema = z
  .object({
    dealId: z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().max(64).optional()),
    vin: z.unknown().optional(),
    year: z.unknown().optional(),
    make: z.unknown().optional(),
    model: z.unknown().optional(),
    trim: z.unknown().optional(),
    miles: z.unknown().optional(),
    location: z.unknown().optional(),
    price: z.unknown().optional(),
    auction: z.unknown().optional(),
    auctionLocation: z.unknown().optional(),
    color: z.unknown().optional(),
    sellerName: z.unknown().optional(),
    sellerEmail: z.unknown().optional(),
    buyerEmail: z.unknown().optional(),
    completedAt: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const missing: string[] = [];
    for (const [key, word] of Object.entries(REQUIRED_WORDS))
      if (isBlank(body[key as keyof typeof REQUIRED_WORDS])) missing.push(word);
    if (
      needsAuctionLocation(typeof body.auction === "string" ? body.auction : null) &&
      isBlank(body.auctionLocation)
    )
      missing.push("auction location");
    if (missing.length > 0) {
      ctx.addIssue({ code: "custom", path: [], message: pleaseFillIn(missing) });
      return z.NEVER;
    }
    const parsed = completionFieldsSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });

const completionFieldsSchema = z.object({
  dealId: z.string().optional(),
  vin: vinField.pipe(z.string().length(VIN_LENGTH, VIN_EXACT_MESSAGE)),
  year: z.preprocess((v) => (isBlank(v) ? new Date().getFullYear() - 2 : v), yearField),
  make: text("Make", 60),
  model: text("Model", 60),
  trim: text("Trim", 80),
  miles: wholeNumber("Miles", MILES_MAX),
  location: text("Location", 120),
  price: wholeNumber("Price", PRICE_MAX_DOLLARS),
  color: text("Color", 40),
  auction: auctionField,
  auctionLocation: text("Auction location", 160),
  sellerName: text("Seller name", 120),
  sellerEmail: text("Seller e-mail", 254),
  buyerEmail: text("Buyer e-mail", 254),
  completedAt: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.iso.datetime({ error: "completedAt must be an ISO 8601 time" }).optional(),
  ),
});
export type CompleteDeal = z.output<typeof completionFieldsSchema>;

/** POST /api/notifications/deal-completion: the completed deal's e-mails, sent again if need be. */
export const dealCompletionNoticeSchema = z.object({
  dealId: z.string({ error: "dealId is required" }).min(1, "dealId is required").max(64),
  buyerEmail: z.unknown().optional(),
  dealData: z.unknown().optional(),
});

/** PATCH /api/pass-thru-sales/{id}: one or more steps, each set or cleared by either dealer. */
export const passThruStepsSchema = z.object({
  saleComplete: z.boolean({ error: "saleComplete must be true or false" }).optional(),
  titleStatus: z.enum(TITLE_STATUSES, { error: "titleStatus must be missing, received or sent" }).optional(),
  gatePassIssued: z.boolean({ error: "gatePassIssued must be true or false" }).optional(),
  inTransit: z.boolean({ error: "inTransit must be true or false" }).optional(),
  delivered: z.boolean({ error: "delivered must be true or false" }).optional(),
});
export type PassThruStepsUpdate = z.output<typeof passThruStepsSchema>;

export const DEALS_PAGE_SIZE = 20;
export const dealsQuerySchema = z.object({
  status: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.enum(DEAL_STATUSES, { error: `status must be one of ${DEAL_STATUSES.join(", ")}` }).optional(),
  ),
  cursor: cursorParam,
  limit: limitParam(DEALS_PAGE_SIZE),
});
export const passThruQuerySchema = dealsQuerySchema.omit({ status: true });
