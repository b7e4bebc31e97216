import { z } from "zod";
import { DEALERSHIP_TYPES, PROFILE_TYPES, STATE_CODES, type StateCode } from "../constants";

/** Business spec §5: the create and edit dealer forms, shared by POST/PATCH /api/dealers and the dialogs. */

const LABELS = {
  name: "full name",
  email: "email",
  phone: "phone",
  dealershipName: "dealership name",
  address: "address",
  city: "city",
  state: "state",
  zipCode: "ZIP code",
} as const;

const required = (field: keyof typeof LABELS, max: number) =>
  z
    .string({ error: `Please fill in ${LABELS[field]}` })
    .trim()
    .min(1, `Please fill in ${LABELS[field]}`)
    .max(max, `${LABELS[field].charAt(0).toUpperCase()}${LABELS[field].slice(1)} is too long`);

/** Empty text becomes null: the optional fields of §5 (license, website, description). */
const optionalText = (max: number, label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === "string" ? v.trim() : v))
    .pipe(
      z
        .string()
        .max(max, `${label} is too long`)
        .transform((v) => (v === "" ? null : v))
        .nullable()
        .optional(),
    );

export const isStateCode = (s: string): s is StateCode => (STATE_CODES as readonly string[]).includes(s);

/** At most 2 letters, upper-cased, one of the 60 codes (50 US states and 10 provinces). */
export const stateCodeSchema = required("state", 20)
  .toUpperCase()
  .refine((s) => s.length <= 2, "State must be at most 2 characters")
  .refine(isStateCode, "Please choose a US state or Canadian province code");

export const websiteSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : v))
  .pipe(
    z
      .string()
      .max(300, "Website is too long")
      .refine((v) => v === "" || isHttpUrl(v), "Website must be a URL starting with http:// or https://")
      .transform((v) => (v === "" ? null : v))
      .nullable()
      .optional(),
  );

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** Checkbox ("on"/"true") or JSON boolean. */
export const booleanInput = z
  .union([z.boolean(), z.enum(["true", "false", "on", "off", ""])])
  .transform((v) => v === true || v === "true" || v === "on");

const dealerShape = {
  name: required("name", 120),
  email: required("email", 254)
    .toLowerCase()
    .pipe(z.email({ error: "Please enter a valid e-mail address" })),
  phone: required("phone", 30).regex(/^[+()\d\s.-]{7,30}$/, "Please enter a valid phone number"),
  dealershipName: required("dealershipName", 120),
  dealershipType: z
    .enum(DEALERSHIP_TYPES, { error: "Please choose a dealership type" })
    .default("independent"),
  address: required("address", 200),
  city: required("city", 80),
  state: stateCodeSchema,
  zipCode: required("zipCode", 10),
  licenseNumber: optionalText(60, "License number"),
  website: websiteSchema,
  description: optionalText(2000, "Business description"),
  profileType: z.enum(PROFILE_TYPES, { error: "Please choose seller or buyer" }).default("seller"),
  buysCanadianVehicles: booleanInput.default(false),
};

/** POST /api/dealers and the create dialog. */
export const dealerCreateSchema = z.object(dealerShape);
export type DealerCreateInput = z.infer<typeof dealerCreateSchema>;

/** PATCH /api/dealers/{id}: the same fields and rules, each optional (only what is sent changes). */
export const dealerUpdateSchema = z
  .object({
    name: dealerShape.name.optional(),
    email: dealerShape.email.optional(),
    phone: dealerShape.phone.optional(),
    dealershipName: dealerShape.dealershipName.optional(),
    dealershipType: z.enum(DEALERSHIP_TYPES, { error: "Please choose a dealership type" }).optional(),
    address: dealerShape.address.optional(),
    city: dealerShape.city.optional(),
    state: stateCodeSchema.optional(),
    zipCode: dealerShape.zipCode.optional(),
    licenseNumber: dealerShape.licenseNumber,
    website: dealerShape.website,
    description: dealerShape.description,
    profileType: z.enum(PROFILE_TYPES, { error: "Please choose seller or buyer" }).optional(),
    buysCanadianVehicles: booleanInput.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to update");
export type DealerUpdateInput = z.infer<typeof dealerUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// The directory query: GET /api/dealers and the dealer screens' filters (business spec §9).

export const DIRECTORY_SORTS = ["name", "rating", "connections", "active"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_EXCLUDES = ["self", "connected"] as const;
export type DirectoryExclude = (typeof DIRECTORY_EXCLUDES)[number];
export const DIRECTORY_SCOPES = ["all", "connected", "added"] as const;
export type DirectoryScope = (typeof DIRECTORY_SCOPES)[number];
export const DIRECTORY_LIMIT_MAX = 100;

/** "" and "all" mean no filter (business spec §7: omitted when empty or 'all'). */
const ignoredWhenAll = (v: unknown) => (v === "" || v === "all" || v === null ? undefined : v);

export const directoryQuerySchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(100, "Search text is too long").optional(),
  ),
  state: z.preprocess(
    ignoredWhenAll,
    z.string().trim().toUpperCase().refine(isStateCode, "Unknown state or province code").optional(),
  ),
  dealershipType: z.preprocess(
    ignoredWhenAll,
    z
      .enum(DEALERSHIP_TYPES, { error: "dealershipType must be independent, franchise or wholesaler" })
      .optional(),
  ),
  buysCanadian: z.preprocess(
    (v) => {
      const x = ignoredWhenAll(v);
      return x === "yes" ? "true" : x === "no" ? "false" : x;
    },
    z
      .enum(["true", "false"], { error: "buysCanadian must be true or false" })
      .transform((v) => v === "true")
      .optional(),
  ),
  sort: z.preprocess(
    ignoredWhenAll,
    z.enum(DIRECTORY_SORTS, { error: "sort must be name, rating, connections or active" }).default("name"),
  ),
  exclude: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.enum(DIRECTORY_EXCLUDES, { error: "exclude takes self and/or connected" })).default([]),
  ),
  scope: z.preprocess(ignoredWhenAll, z.enum(DIRECTORY_SCOPES).optional()),
  limit: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(DIRECTORY_LIMIT_MAX, `limit must be at most ${DIRECTORY_LIMIT_MAX}`)
      .optional(),
  ),
  cursor: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().max(1000, "Invalid cursor: start again from the first page").optional(),
  ),
});
export type DirectoryQueryInput = z.infer<typeof directoryQuerySchema>;

/** The filters a dealer screen keeps in its URL, as search params (empty ones left out). */
export function directorySearchParams(q: Partial<Record<string, string | undefined>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value && value !== "all") params.set(key, value);
  return params;
}
