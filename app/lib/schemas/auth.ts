import { z } from "zod";
import { COUNTRIES, DEALERSHIP_TYPES, PASSWORD_MIN_LENGTH, PROFILE_TYPES, STATE_CODES } from "../constants";
import { fieldInWords } from "../words";

export const emailSchema = z
  .string({ error: "Please enter your e-mail address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your e-mail address")
  .max(254, "That e-mail address is too long")
  .pipe(z.email({ error: "Please enter a valid e-mail address" }));

export const passwordSchema = z
  .string({ error: "Please enter a password" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Password must be at most 200 characters");

export const signUpSchema = z.object({ email: emailSchema, password: passwordSchema });

/** Sign-in checks only presence: a wrong password of any length gets the same 401. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(200),
});

const requiredText = (field: string, max = 120) =>
  z
    .string({ error: `Please fill in ${fieldInWords(field)}` })
    .trim()
    .min(1, `Please fill in ${fieldInWords(field)}`)
    .max(max, `${fieldInWords(field)} is too long`);

const booleanField = z
  .union([z.boolean(), z.enum(["true", "false", "on"])])
  .transform((v) => v === true || v === "true" || v === "on");

/** Onboarding step 1 (business spec §3 "Profile submission at onboarding", §5 messages). */
export const onboardingProfileSchema = z.object({
  firstName: requiredText("firstName", 60),
  lastName: requiredText("lastName", 60),
  email: requiredText("email", 254)
    .toLowerCase()
    .pipe(z.email({ error: "Please enter a valid e-mail address" })),
  phone: requiredText("phone", 30).regex(/^[+()\d\s.-]{7,30}$/, "Please enter a valid phone number"),
  address: requiredText("address", 200),
  city: requiredText("city", 80),
  state: requiredText("state", 2)
    .toUpperCase()
    .refine((s): s is (typeof STATE_CODES)[number] => (STATE_CODES as readonly string[]).includes(s), {
      message: "Please choose a state or province",
    }),
  zipCode: requiredText("zipCode", 10),
  country: z.enum(COUNTRIES, { error: `Please fill in ${fieldInWords("country")}` }).default("US"),
  dealershipName: requiredText("dealershipName", 120),
  dealershipType: z.enum(DEALERSHIP_TYPES, { error: `Please fill in ${fieldInWords("dealershipType")}` }),
  auctionAccessNumber: requiredText("auctionAccessNumber", 40),
  dealership5MilNumber: requiredText("dealership5MilNumber", 40),
  profileType: z.enum(PROFILE_TYPES).default("seller"),
  buysCanadianVehicles: booleanField.default(false),
});
export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;

/** The first problem of a failed parse, as a sentence fit for a toast. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}
