import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "#lib/constants";
import { dealerField, dealerFieldDefaults } from "#lib/schemas/dealer-fields";

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

/** Onboarding step 1. */
export const onboardingProfileSchema = z.object({
  firstName: dealerField.firstName,
  lastName: dealerField.lastName,
  email: dealerField.email,
  phone: dealerField.phone,
  address: dealerField.address,
  city: dealerField.city,
  state: dealerField.state,
  zipCode: dealerField.zipCode,
  country: dealerFieldDefaults.country,
  dealershipName: dealerField.dealershipName,
  dealershipType: dealerField.dealershipType,
  auctionAccessNumber: dealerField.auctionAccessNumber,
  dealership5MilNumber: dealerField.dealership5MilNumber,
  profileType: dealerFieldDefaults.profileType,
  buysCanadianVehicles: dealerFieldDefaults.buysCanadianVehicles,
});
export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;
