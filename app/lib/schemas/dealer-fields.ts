import { z } from "zod";
import { COUNTRIES, DEALERSHIP_TYPES, PROFILE_TYPES, STATE_CODES, type StateCode } from "#lib/constants";
import { fieldInWords } from "#lib/words";

/**
 * The dealer's fields, once: onboarding step 1, the create and edit dealer dialogs, profile edit and the
 * JSON calls behind them (POST /api/auth/complete-profile, POST/PATCH /api/dealers, PATCH /api/profile) all
 * build their schemas from these. Each accepts a form's text and JSON alike. A missing
 * field reads 'Please fill in {field in words}'.
 */

const inWords = (field: string) => fieldInWords(field);
const capitalised = (field: string) => `${inWords(field).charAt(0).toUpperCase()}${inWords(field).slice(1)}`;

const required = (field: string, max: number) =>
  z
    .string({ error: `Please fill in ${inWords(field)}` })
    .trim()
    .min(1, `Please fill in ${inWords(field)}`)
    .max(max, `${capitalised(field)} is too long`);

/** Optional text: trimmed, and empty becomes null (so an edit can clear it). */
const optionalText = (field: string, max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === "string" ? v.trim() : v))
    .pipe(
      z
        .string()
        .max(max, `${capitalised(field)} is too long`)
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

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

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

/** A checkbox ("on", or "true" from older forms) or a JSON boolean; an unticked box is simply absent. */
export const booleanInput = z
  .union([z.boolean(), z.enum(["true", "false", "on", "off", ""])])
  .transform((v) => v === true || v === "true" || v === "on");

/** A select's value: missing reads 'Please fill in …', a value off the list 'Please choose a …'. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? `Please fill in ${inWords(field)}`
        : `Please choose a ${inWords(field)}`,
  });

export const dealerField = {
  firstName: required("firstName", 60),
  lastName: required("lastName", 60),
  /** The dealer's full name (the directory's dealers have one name field). */
  name: required("name", 120),
  email: required("email", 254)
    .toLowerCase()
    .pipe(z.email({ error: "Please enter a valid e-mail address" })),
  phone: required("phone", 30).regex(/^[+()\d\s.-]{7,30}$/, "Please enter a valid phone number"),
  dealershipName: required("dealershipName", 120),
  dealershipType: choice(DEALERSHIP_TYPES, "dealershipType"),
  profileType: choice(PROFILE_TYPES, "profileType"),
  buysCanadianVehicles: booleanInput,
  address: required("address", 200),
  city: required("city", 80),
  state: stateCodeSchema,
  zipCode: required("zipCode", 10),
  country: choice(COUNTRIES, "country"),
  licenseNumber: optionalText("licenseNumber", 60),
  website: websiteSchema,
  description: optionalText("description", 2000),
  auctionAccessNumber: required("auctionAccessNumber", 40),
  dealership5MilNumber: required("dealership5MilNumber", 40),
  vehiclesNeeded: optionalText("vehiclesNeeded", 1000),
  vehiclesSold: optionalText("vehiclesSold", 1000),
};
export type DealerFieldName = keyof typeof dealerField;

/** The dealer's fields that always hold a value: a form's select or checkbox, defaulted when a call leaves them out. */
export const dealerFieldDefaults = {
  dealershipType: dealerField.dealershipType.default("independent"),
  profileType: dealerField.profileType.default("seller"),
  buysCanadianVehicles: booleanInput.default(false),
  country: dealerField.country.default("US"),
};
