import { z } from "zod";
import { pageQuery } from "#lib/schemas/paging";
import { REVIEW_STATUSES } from "#lib/deals/constants";
import { DEAL_STATUSES } from "#lib/deals/constants";
import { PHOTO_PATH_PATTERN } from "#lib/schemas/inventory-constants";
import { PLAN_IDS } from "#lib/subscriptions";

/**
 * The admin console: constants, the revenue estimate (revenueEstimate) and one zod schema per admin form or call, shared by the worker and the
 * screens. Pure: no I/O.
 */

// ---------------------------------------------------------------------------------------------------
// Admin revenue estimate: users × $99 base; 30 % of users (rounded down) count as Premium at +$50 each;
// annual is monthly × 12. Integer cents.

export const ESTIMATE_BASE_CENTS = 9900;
export const ESTIMATE_PREMIUM_SHARE = 0.3;
export const ESTIMATE_PREMIUM_EXTRA_CENTS = 5000;

export function revenueEstimate(users: number) {
  const premiumUsers = Math.floor(users * ESTIMATE_PREMIUM_SHARE);
  const monthlyCents = users * ESTIMATE_BASE_CENTS + premiumUsers * ESTIMATE_PREMIUM_EXTRA_CENTS;
  return { users, premiumUsers, monthlyCents, annualCents: monthlyCents * 12 };
}

// ---------------------------------------------------------------------------------------------------
// Lists

const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === "all" || v === null ? undefined : v), schema.optional());

export const ADMIN_PAGE_SIZE = 25;

export const USER_STATUSES = ["active", "suspended"] as const;
export const adminUsersQuerySchema = z.object({
  q: blankless(z.string().trim().max(100, "Search text is too long")),
  role: blankless(z.enum(["dealer", "admin"], { error: "role must be dealer or admin" })),
  status: blankless(z.enum(USER_STATUSES, { error: "status must be active or suspended" })),
  ...pageQuery(ADMIN_PAGE_SIZE).shape,
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const AUDIT_ACTIONS = [
  "user.update",
  "user.suspend",
  "user.reactivate",
  "user.delete",
  "user.create",
  "user.grant-admin",
  "user.remove-admin",
  "payment.refund",
  "deal.approve",
  "deal.reject",
  "dispute.decide",
  "promotion.create",
  "promotion.update",
  "promotion.delete",
  "news.create",
  "news.update",
  "news.delete",
  "plan.update",
  "add-on.update",
  "announcement.send",
  "verification.approve",
  "verification.refuse",
  "data.clear",
  "data.export",
  "api-key.issue",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({
  action: blankless(z.enum(AUDIT_ACTIONS, { error: "Unknown action" })),
  actor: blankless(z.string().trim().max(320)),
  recordId: blankless(z.string().trim().max(100)),
  ...pageQuery(ADMIN_PAGE_SIZE).shape,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const adminDealsQuerySchema = z.object({
  status: blankless(z.enum(DEAL_STATUSES, { error: `status must be one of ${DEAL_STATUSES.join(", ")}` })),
  review: blankless(
    z.enum(REVIEW_STATUSES, { error: `review must be one of ${REVIEW_STATUSES.join(", ")}` }),
  ),
  ...pageQuery(ADMIN_PAGE_SIZE).shape,
});
export type AdminDealsQuery = z.output<typeof adminDealsQuerySchema>;

export const pageQuerySchema = pageQuery(ADMIN_PAGE_SIZE);

// ---------------------------------------------------------------------------------------------------
// Actions

export const suspendSchema = z.object({
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
});

export const roleSchema = z.object({
  role: z.enum(["dealer", "admin"], { error: "role must be dealer or admin" }),
});

export const addUserSchema = z.object({
  email: z.email("Please enter a valid e-mail address").trim().toLowerCase().max(320),
  firstName: z.string().trim().min(1, "First name is required").max(60),
  lastName: z.string().trim().min(1, "Last name is required").max(60),
  dealershipName: z.string().trim().min(1, "Dealership name is required").max(120),
  phone: z.string().trim().max(30).default(""),
  state: z.string().trim().max(2).default(""),
});
export type AddUserInput = z.output<typeof addUserSchema>;

export const refundSchema = z.object({
  invoiceId: z.string().min(1, "Choose the payment to refund").max(64),
  reason: z.string().trim().min(1, "Give a reason for the refund").max(500),
});

/** The notes field has 4 rows. */
export const DEAL_NOTES_ROWS = 4;
export const processDealSchema = z.object({
  decision: z.enum(["approved", "rejected"], { error: "decision must be approved or rejected" }),
  notes: z.string().trim().max(2000, "Keep the notes under 2000 characters").default(""),
});
export type ProcessDealInput = z.output<typeof processDealSchema>;

export const PROMOTION_TYPES = ["info", "warning", "success", "promotion"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const PROMOTION_AUDIENCES = ["all", "premium", "basic"] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];

const day = z.iso.date("Dates are YYYY-MM-DD");

/** Defaults: type info, active, audience all, start today, end 7 days later. */
export const PROMOTION_DAYS = 7;
export const isoDay = (at: Date | number = Date.now()) => new Date(at).toISOString().slice(0, 10);
export const promotionDefaults = (now = Date.now()) => ({
  type: "info" as PromotionType,
  isActive: true,
  targetAudience: "all" as PromotionAudience,
  startDate: isoDay(now),
  endDate: isoDay(now + PROMOTION_DAYS * 24 * 60 * 60 * 1000),
});

const promotionFields = z.object({
  title: z.string().trim().min(1, "Title is required").max(120),
  message: z.string().trim().min(1, "Message is required").max(500),
  type: z.enum(PROMOTION_TYPES).optional(),
  isActive: z.boolean().optional(),
  startDate: day.optional(),
  endDate: day.optional(),
  targetAudience: z.enum(PROMOTION_AUDIENCES).optional(),
});

/** A promotion needs a title and a message (the screen does nothing without them; the API answers 400). */
export const promotionCreateSchema = promotionFields.refine(
  (p) => !p.startDate || !p.endDate || p.startDate <= p.endDate,
  { message: "The end date comes on or after the start date", path: ["endDate"] },
);
export type PromotionCreateInput = z.output<typeof promotionCreateSchema>;

/** A change sends only the fields it changes. */
export const promotionUpdateSchema = promotionFields.partial();
export type PromotionUpdateInput = z.output<typeof promotionUpdateSchema>;

/** Pricing inputs are integers (whole dollars here, stored as cents). */
const wholeDollars = z
  .number({ error: "Price must be a number" })
  .int("Price must be whole dollars")
  .min(0, "Price cannot be negative")
  .max(100_000, "Price is too high");
export const priceUpdateSchema = z.object({
  price: wholeDollars.optional(),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
});
export type PriceUpdateInput = z.output<typeof priceUpdateSchema>;

export const ANNOUNCEMENT_AUDIENCES = ["all", ...PLAN_IDS] as const;
export const announcementSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(120),
  message: z.string().trim().min(1, "Message is required").max(1000),
  audience: z
    .enum(ANNOUNCEMENT_AUDIENCES, { error: "audience must be all, basic or premium" })
    .default("all"),
});
export type AnnouncementInput = z.output<typeof announcementSchema>;

export const clearDataSchema = z.object({
  confirmation: z.string().optional(),
});

export const verificationDecisionSchema = z.object({
  decision: z.enum(["approved", "refused"], { error: "decision must be approved or refused" }),
  note: z.string().trim().max(1000).default(""),
});

/** /dealer-profile "Get verified": the numbers an admin checks, and an optional document photo (signed upload). */
export const verificationRequestSchema = z.object({
  licenseNumber: z.string().trim().min(1, "Please fill in dealer licence number").max(60),
  auctionAccessNumber: z.string().trim().min(1, "Please fill in auction access number").max(60),
  dealership5MilNumber: z.string().trim().min(1, "Please fill in 5 Mil number").max(60),
  documentUrl: z
    .string()
    .regex(PHOTO_PATH_PATTERN, "Upload the document photo through the uploader")
    .optional(),
});
export type VerificationRequestInput = z.output<typeof verificationRequestSchema>;

export const verificationQueueSchema = z.object({
  status: blankless(
    z.enum(["pending", "approved", "refused"], { error: "status must be pending, approved or refused" }),
  ),
  ...pageQuery(ADMIN_PAGE_SIZE).shape,
});
