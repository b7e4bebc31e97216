import { z } from "zod";
import { DEALERSHIP_TYPES, PROFILE_TYPES } from "../constants";
import { booleanInput, stateCodeSchema, websiteSchema } from "./dealer";

/** Core spec §2 "Profile screens" and §7 PATCH /api/profile; hint 'maximum 2MB', one photo each. */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Two 2 MB photos as base64 inside JSON, plus the text fields. */
export const PROFILE_BODY_MAX_BYTES = 6 * 1024 * 1024;

const text = (label: string, max: number) =>
  z
    .string({ error: `Please fill in ${label}` })
    .trim()
    .min(1, `Please fill in ${label}`)
    .max(max, `${label.charAt(0).toUpperCase()}${label.slice(1)} is too long`);

const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()])
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `${label} is too long`));

/**
 * A photo field: a data URL (a new photo), the profile's current address (unchanged), or null / ""
 * (remove the photo). The server decides whether an address is the current one.
 */
export const photoField = z
  .union([z.string().max(PROFILE_BODY_MAX_BYTES), z.null()])
  .transform((v) => (v === "" ? null : v));

/**
 * Every field optional: PATCH changes only what is sent; unknown fields (id, role…) are dropped.
 * `zip` (current user) and `zipCode` both work.
 */
export const profilePatchSchema = z.object({
  firstName: text("first name", 60).optional(),
  lastName: text("last name", 60).optional(),
  name: text("name", 120).optional(),
  email: text("email", 254)
    .toLowerCase()
    .pipe(z.email({ error: "Please enter a valid e-mail address" }))
    .optional(),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === "" || /^[+()\d\s.-]{7,30}$/.test(v), "Please enter a valid phone number")
    .optional(),
  dealershipName: text("dealership name", 120).optional(),
  dealershipType: z.enum(DEALERSHIP_TYPES, { error: "Please choose a dealership type" }).optional(),
  profileType: z.enum(PROFILE_TYPES).optional(),
  buysCanadianVehicles: booleanInput.optional(),
  address: optionalText("Address", 200).optional(),
  city: optionalText("City", 80).optional(),
  state: stateCodeSchema.optional(),
  zip: optionalText("ZIP code", 10).optional(),
  zipCode: optionalText("ZIP code", 10).optional(),
  licenseNumber: optionalText("License number", 60).optional(),
  website: websiteSchema,
  description: optionalText("Description", 2000).optional(),
  vehiclesNeeded: optionalText("Vehicles needed", 1000).optional(),
  vehiclesSold: optionalText("Vehicles sold", 1000).optional(),
  avatar: photoField.optional(),
  dealershipPhoto: photoField.optional(),
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
