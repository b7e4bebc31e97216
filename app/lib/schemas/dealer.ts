import { z } from "zod";
import { DEALERSHIP_TYPES } from "#lib/constants";
import { dealerField, dealerFieldDefaults, isStateCode } from "#lib/schemas/dealer-fields";

/**
 * The create and edit dealer dialogs (one form, every field sent) and POST /api/dealers.
 * Required: full name, email, phone, dealership name, address, city, state, ZIP code; license number,
 * website and business description optional; dealership type and profile type always hold a value.
 */
export const dealerFormSchema = z.object({
  name: dealerField.name,
  email: dealerField.email,
  phone: dealerField.phone,
  dealershipName: dealerField.dealershipName,
  dealershipType: dealerFieldDefaults.dealershipType,
  address: dealerField.address,
  city: dealerField.city,
  state: dealerField.state,
  zipCode: dealerField.zipCode,
  licenseNumber: dealerField.licenseNumber,
  website: dealerField.website,
  description: dealerField.description,
  profileType: dealerFieldDefaults.profileType,
  buysCanadianVehicles: dealerFieldDefaults.buysCanadianVehicles,
});

/** POST /api/dealers: the create dialog's fields. */
export const dealerCreateSchema = dealerFormSchema;
export type DealerCreateInput = z.infer<typeof dealerCreateSchema>;

/** PATCH /api/dealers/{id}: the same fields and rules, each optional (only what is sent changes). */
export const dealerUpdateSchema = z
  .object({
    name: dealerField.name.optional(),
    email: dealerField.email.optional(),
    phone: dealerField.phone.optional(),
    dealershipName: dealerField.dealershipName.optional(),
    dealershipType: dealerField.dealershipType.optional(),
    address: dealerField.address.optional(),
    city: dealerField.city.optional(),
    state: dealerField.state.optional(),
    zipCode: dealerField.zipCode.optional(),
    licenseNumber: dealerField.licenseNumber,
    website: dealerField.website,
    description: dealerField.description,
    profileType: dealerField.profileType.optional(),
    buysCanadianVehicles: dealerField.buysCanadianVehicles.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to update");
export type DealerUpdateInput = z.infer<typeof dealerUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// The directory query: GET /api/dealers and the dealer screens' filters.

export const DIRECTORY_SORTS = ["name", "rating", "connections", "active"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_EXCLUDES = ["self", "connected"] as const;
export type DirectoryExclude = (typeof DIRECTORY_EXCLUDES)[number];
export const DIRECTORY_SCOPES = ["all", "connected", "added"] as const;
export type DirectoryScope = (typeof DIRECTORY_SCOPES)[number];
export const DIRECTORY_LIMIT_MAX = 100;
/** "" and "all" mean no filter (omitted when empty or 'all'). */
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
  /** Verified dealers only (yes) or not yet verified (no). */
  verified: z.preprocess(
    (v) => {
      const x = ignoredWhenAll(v);
      return x === "yes" ? "true" : x === "no" ? "false" : x;
    },
    z
      .enum(["true", "false"], { error: "verified must be true or false" })
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
