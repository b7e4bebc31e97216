import { z } from "zod";
import { dealerField, dealerFieldDefaults } from "#lib/schemas/dealer-fields";

/** The profile screens and PATCH /api/profile; hint 'maximum 2MB', one photo each. */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Two 2 MB photos as base64 inside JSON, plus the text fields. */
export const PROFILE_BODY_MAX_BYTES = 6 * 1024 * 1024;

/**
 * A photo field: a data URL (a new photo), the profile's current address (unchanged), or null / ""
 * (remove the photo). The server decides whether an address is the current one.
 */
export const photoField = z
  .union([z.string().max(PROFILE_BODY_MAX_BYTES), z.null()])
  .transform((v) => (v === "" ? null : v));

const profileFields = z.object({
  firstName: dealerField.firstName,
  lastName: dealerField.lastName,
  email: dealerField.email,
  phone: dealerField.phone,
  dealershipName: dealerField.dealershipName,
  dealershipType: dealerField.dealershipType,
  profileType: dealerField.profileType,
  buysCanadianVehicles: dealerField.buysCanadianVehicles,
  licenseNumber: dealerField.licenseNumber,
  website: dealerField.website,
  description: dealerField.description,
  address: dealerField.address,
  city: dealerField.city,
  state: dealerField.state,
  zipCode: dealerField.zipCode,
  vehiclesNeeded: dealerField.vehiclesNeeded,
  vehiclesSold: dealerField.vehiclesSold,
});

/**
 * Edit Profile: the whole form, sent with every field (an unticked checkbox is absent:
 * false). The photos travel beside it (a file, or a compressed data URL) and are checked by the server.
 */
export const profileFormSchema = profileFields.extend({
  buysCanadianVehicles: dealerFieldDefaults.buysCanadianVehicles,
});

/**
 * PATCH /api/profile: the same fields and rules, every one optional (only what is sent changes); unknown
 * fields (id, role…) are dropped. `zip` (current user) and `zipCode` both work.
 */
export const profilePatchSchema = profileFields.partial().extend({
  name: dealerField.name.optional(),
  zip: dealerField.zipCode.optional(),
  avatar: photoField.optional(),
  dealershipPhoto: photoField.optional(),
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
