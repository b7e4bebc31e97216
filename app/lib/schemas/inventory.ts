/**
 * Inventory posts, vehicles, comments and the feed query. One schema per form,
 * used by the API, the Remix actions and the browser forms alike. Pure code.
 */
import { z } from "zod";
import { pageCursor, pageLimit, pageQuery } from "#lib/schemas/paging";
import {
  AUCTION_FACILITATORS,
  FEED_PAGE_SIZE,
  FEED_PAGE_SIZE_MAX,
  POST_TYPES,
  US_STATE_CODES,
} from "#lib/constants";
import { disclosuresSchema } from "#lib/schemas/disclosures";
import {
  COMMENT_MAX,
  FEED_SORTS,
  QUICK_POST_REQUIRED,
  QUICK_POST_TYPES,
  VEHICLE_STATUSES,
  YEAR_MAX,
  YEAR_MIN,
  photoPathOf,
} from "#lib/schemas/inventory-constants";

/** Photos: at most 50 on a post, 30 per vehicle form, 10 MB each. */
export const POST_PHOTO_LIMIT = 50;
export const VEHICLE_FORM_PHOTO_LIMIT = 30;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_VEHICLES_PER_POST = 50;
/** A post published from a spreadsheet holds its whole list: up to one import's rows, beyond a typed post's 50. */
export const MAX_VEHICLES_PER_IMPORTED_POST = 500;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

/** Vehicle-detail form auction choices; shown, never sent. */
export const VEHICLE_AUCTION_CHOICES = [
  "manheim",
  "adesa",
  "copart",
  "iaai",
  "autoauction",
  "custom",
] as const;

/** Empty form values ("" or null) mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const numberFrom = (value: unknown) => {
  const v = blankToUndefined(value);
  if (typeof v === "string") {
    const cleaned = v.replace(/[,$\s]/g, "");
    return cleaned === "" ? undefined : Number(cleaned);
  }
  return v;
};

export const vinSchema = z
  .string({ error: "VIN must be text" })
  .trim()
  .toUpperCase()
  .refine((v) => v.length === 17, { message: "VIN must be exactly 17 characters" })
  .refine((v) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v), {
    message: "VIN may hold only letters and digits, never I, O or Q",
  });

export const vehicleInputSchema = z.object({
  vin: z.preprocess(blankToUndefined, vinSchema.optional()),
  year: z.preprocess(
    numberFrom,
    z
      .number({ error: "Year must be a number" })
      .int("Year must be a whole number")
      .min(YEAR_MIN, `Year must be from ${YEAR_MIN} to ${YEAR_MAX}`)
      .max(YEAR_MAX, `Year must be from ${YEAR_MIN} to ${YEAR_MAX}`)
      .optional(),
  ),
  make: z.preprocess(
    (v) => v ?? "",
    z.string({ error: "Make must be text" }).trim().max(60, "Make is too long"),
  ),
  model: z.preprocess(
    (v) => v ?? "",
    z.string({ error: "Model must be text" }).trim().max(60, "Model is too long"),
  ),
  trim: optionalText(60, "Trim"),
  mileage: z.preprocess(
    numberFrom,
    z
      .number({ error: "Mileage must be digits only" })
      .int("Mileage must be digits only")
      .min(0, "Mileage cannot be negative")
      .max(9_999_999, "Mileage is too high")
      .optional(),
  ),
  price: z.preprocess(
    numberFrom,
    z
      .number({ error: "Price must be a number" })
      .min(0, "Price cannot be negative")
      .max(100_000_000, "Price is too high")
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, {
        message: "Price must be in whole cents",
      })
      .optional(),
  ),
  city: optionalText(80, "City"),
  state: z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(v.trim().toUpperCase()) : blankToUndefined(v)),
    z.enum(US_STATE_CODES, { error: "State must be one of the 50 US state codes" }).optional(),
  ),
  color: optionalText(40, "Color"),
  status: z.enum(VEHICLE_STATUSES, { error: "Vehicle status must be available, pending or sold" }).optional(),
  notes: optionalText(1000, "Notes"),
  location: optionalText(120, "Location"),
  atDealership: z.boolean({ error: "At dealership must be true or false" }).optional(),
  /** The seller's announcements; left out or null: not answered. */
  disclosures: disclosuresSchema.nullable().optional(),
});

/** A vehicle card is Complete when make and model are both filled. */
export const isCompleteVehicle = (v: { make?: string | null; model?: string | null }) =>
  Boolean(v.make?.trim()) && Boolean(v.model?.trim());

export const TITLE_REQUIRED = {
  title: "Title required",
  description: "Please enter a title for your post",
} as const;
export const SPREADSHEET_REQUIRED = {
  title: "Spreadsheet URL required",
  description: "Please enter a spreadsheet URL",
} as const;

/** POST /api/inventory. `dealerId`, when sent, is dropped: the dealer comes from the session. */
export const createPostSchema = z
  .object({
    title: z.preprocess(
      (v) => v ?? "",
      z
        .string({ error: TITLE_REQUIRED.description })
        .trim()
        .min(1, TITLE_REQUIRED.description)
        .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    ),
    description: z.preprocess(
      (v) => v ?? "",
      z
        .string({ error: "Description must be text" })
        .trim()
        .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
    ),
    type: z.enum(POST_TYPES, {
      error: "Post type must be single, multiple, spreadsheet, for-sale or request",
    }),
    /** Quick posts send status active; nothing else may be chosen at creation. */
    status: z.literal("active", { error: "A new post is always active" }).optional(),
    spreadsheetUrl: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "Spreadsheet URL must be text" })
        .trim()
        .max(2000, "Spreadsheet URL is too long")
        .refine(
          (u) => {
            try {
              const url = new URL(u);
              return url.protocol === "http:" || url.protocol === "https:";
            } catch {
              return false;
            }
          },
          { message: "Spreadsheet URL must be an http:// or https:// address" },
        )
        .optional(),
    ),
    auctionFacilitator: z.preprocess(
      blankToUndefined,
      z
        .enum(AUCTION_FACILITATORS, { error: "Please choose an auction facilitator from the list" })
        .optional(),
    ),
    vehicles: z
      .array(vehicleInputSchema, { error: "Vehicles must be a list" })
      .max(MAX_VEHICLES_PER_POST, `At most ${MAX_VEHICLES_PER_POST} vehicles per post`)
      .default([]),
    photoUrls: z
      .array(z.string({ error: "Each photo must be a stored photo address" }).max(500), {
        error: "Photos must be a list",
      })
      .max(POST_PHOTO_LIMIT, `Maximum ${POST_PHOTO_LIMIT} photos allowed`)
      .default([]),
  })
  .superRefine((post, ctx) => {
    if (post.type === "spreadsheet" && !post.spreadsheetUrl) {
      ctx.addIssue({ code: "custom", path: ["spreadsheetUrl"], message: SPREADSHEET_REQUIRED.description });
    }
    const complete = post.vehicles.filter(isCompleteVehicle);
    if (post.type === "single" && complete.length > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["vehicles"],
        message: "A single-vehicle post holds one vehicle",
      });
    }
    post.photoUrls.forEach((address, i) => {
      if (!photoPathOf(address)) {
        ctx.addIssue({
          code: "custom",
          path: ["photoUrls", i],
          message: "Photos must be photos uploaded to DealerLane",
        });
      }
    });
  });
export type CreatePostInput = z.input<typeof createPostSchema>;
export type CreatePost = z.output<typeof createPostSchema>;

/** The quick post of the composer: text, then For Sale or Requesting (default For Sale). */
export const quickPostSchema = z.object({
  content: z.preprocess(
    (v) => v ?? "",
    z
      .string({ error: QUICK_POST_REQUIRED.description })
      .trim()
      .min(1, QUICK_POST_REQUIRED.description)
      .max(DESCRIPTION_MAX, `Post must be at most ${DESCRIPTION_MAX} characters`),
  ),
  type: z.enum(QUICK_POST_TYPES).default("for-sale"),
});

export const commentSchema = z.object({
  content: z.preprocess(
    (v) => v ?? "",
    z
      .string({ error: "Please write a comment" })
      .trim()
      .min(1, "Please write a comment")
      .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`),
  ),
});

export const feedQuerySchema = z.object({
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(200, "Search must be at most 200 characters").optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z
      .enum(FEED_SORTS, { error: "Sort must be recent, requests, for-sale or auction-promo" })
      .default("recent"),
  ),
  limit: pageLimit(FEED_PAGE_SIZE, FEED_PAGE_SIZE_MAX),
  cursor: pageCursor(),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

export const postIdSchema = z.object({ id: z.string().min(1).max(100) });

export { POST_LIFETIME_DAYS } from "#lib/constants";

/** The statuses an author can set: sold, or active again (renewing an expired or sold post). */
export const AUTHOR_POST_STATUSES = ["active", "sold"] as const;

const vehiclePatchSchema = z.object({
  id: z.string({ error: "Each vehicle needs its id" }).min(1, "Each vehicle needs its id").max(64),
  price: z.union([z.null(), vehicleInputSchema.shape.price]).optional(),
  status: z.enum(VEHICLE_STATUSES, { error: "Vehicle status must be available, pending or sold" }).optional(),
  disclosures: vehicleInputSchema.shape.disclosures,
});
const vehiclePatchesOf = <Vehicle extends z.ZodType>(vehicle: Vehicle) =>
  z
    .array(vehicle, { error: "Vehicles must be a list" })
    .max(MAX_VEHICLES_PER_IMPORTED_POST, `At most ${MAX_VEHICLES_PER_IMPORTED_POST} vehicles per post`)
    .optional();
const somethingToUpdate = [
  (patch: object) => Object.values(patch).some((v) => v !== undefined),
  { message: "Nothing to update: send a title, description, status, renew or vehicles" },
] as const;

/**
 * PATCH /api/inventory/{id}: the author (or an admin) edits the text, vehicles' prices, statuses and disclosures, marks the
 * whole post sold, or renews it for another 30 days. Only what is sent changes; unknown fields are dropped.
 */
export const updatePostSchema = z
  .object({
    title: createPostSchema.shape.title.optional(),
    description: createPostSchema.shape.description.optional(),
    status: z.enum(AUTHOR_POST_STATUSES, { error: "Status must be active or sold" }).optional(),
    renew: z.literal(true, { error: "renew must be true" }).optional(),
    vehicles: vehiclePatchesOf(vehiclePatchSchema),
  })
  .refine(...somethingToUpdate);

/** The post page's edit form (`vehicles[i].id`, `.price`, `.status`): a price left blank means "no price". */
export const editPostFormSchema = z
  .object({
    title: updatePostSchema.shape.title,
    description: updatePostSchema.shape.description,
    vehicles: vehiclePatchesOf(
      vehiclePatchSchema.extend({
        price: z.preprocess(
          (v) => (typeof v === "string" && v.trim() === "" ? null : v),
          vehiclePatchSchema.shape.price,
        ),
      }),
    ),
  })
  .refine(...somethingToUpdate);
export type UpdatePost = z.output<typeof updatePostSchema>;

/** GET /api/inventory/{id}/matches. */
export const matchesQuerySchema = pageQuery(10, { max: 50 });
