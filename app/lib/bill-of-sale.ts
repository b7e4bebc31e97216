/**
 * The Bill of Sale both dealers sign: the federal odometer rules, the electronic-signature consent, what a
 * profile must hold before signing, and the signing form. Pure code, shared by the worker and the screens.
 */
import { z } from "zod";

/** 49 CFR 580.17(a)(3): vehicles of model year 2010 and older need no odometer disclosure. */
export const ODOMETER_EXEMPT_THROUGH_MODEL_YEAR = 2010;
/** 49 CFR 580.17(a)(3): from model year 2011, a vehicle is exempt from the 20th calendar year after its model year. */
export const ODOMETER_EXEMPT_AFTER_YEARS = 20;
/** 49 CFR 580.17(a)(1): a vehicle over 16,000 lb gross vehicle weight rating is exempt. */
export const ODOMETER_EXEMPT_OVER_GVWR_LB = 16_000;

export type OdometerExemption = "model-year" | "age" | "gvwr";

/** Why the vehicle needs no odometer disclosure on a transfer in `transferYear`, or null when it needs one. */
export function odometerExemption(
  modelYear: number,
  transferYear: number,
  heavyVehicle: boolean,
): OdometerExemption | null {
  if (heavyVehicle) return "gvwr";
  if (modelYear <= ODOMETER_EXEMPT_THROUGH_MODEL_YEAR) return "model-year";
  if (transferYear >= modelYear + ODOMETER_EXEMPT_AFTER_YEARS) return "age";
  return null;
}

export const ODOMETER_EXEMPTION_TEXT: Record<OdometerExemption, string> = {
  "model-year": `Exempt from the federal odometer disclosure: model year ${ODOMETER_EXEMPT_THROUGH_MODEL_YEAR} or older (49 CFR 580.17).`,
  age: `Exempt from the federal odometer disclosure: ${ODOMETER_EXEMPT_AFTER_YEARS} or more years after its model year (49 CFR 580.17).`,
  gvwr: `Exempt from the federal odometer disclosure: gross vehicle weight rating over ${ODOMETER_EXEMPT_OVER_GVWR_LB.toLocaleString("en-US")} lb (49 CFR 580.17).`,
};

/** The seller's certification of the reading (49 CFR 580.5(c)). */
export const ODOMETER_CERTIFICATIONS = ["actual", "exceeds-mechanical-limits", "not-actual"] as const;
export type OdometerCertification = (typeof ODOMETER_CERTIFICATIONS)[number];

export const ODOMETER_CERTIFICATION_LABELS: Record<OdometerCertification, string> = {
  actual: "Reflects the actual mileage",
  "exceeds-mechanical-limits": "Reflects the mileage in excess of its mechanical limits",
  "not-actual": "Is not the actual mileage - WARNING: ODOMETER DISCREPANCY",
};

/** The odometer statement as 49 CFR 580.5(c) words it, for a reading in whole miles (no tenths). */
export function odometerStatement(miles: number, certification: OdometerCertification): string[] {
  const mark = (c: OdometerCertification) => (certification === c ? "[X]" : "[ ]");
  return [
    "Federal law (and State law, if applicable) requires that you state the mileage upon transfer of ownership. Failure to complete or providing a false statement may result in fines and/or imprisonment.",
    `I, the transferor, state that the odometer of the vehicle described above now reads ${Math.trunc(miles).toLocaleString("en-US")} miles (no tenths) and to the best of my knowledge that it reflects the actual mileage of the vehicle described above, unless one of the following statements is checked.`,
    `${mark("exceeds-mechanical-limits")} (1) I hereby certify that to the best of my knowledge the odometer reading reflects the amount of mileage in excess of its mechanical limits.`,
    `${mark("not-actual")} (2) I hereby certify that the odometer reading is not the actual mileage. WARNING - ODOMETER DISCREPANCY.`,
  ];
}

/** How the buyer pays; the seller states it when signing. */
export const PAYMENT_METHODS = ["wire", "ach", "check", "floor-plan", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  wire: "Wire transfer",
  ach: "ACH transfer",
  check: "Company check",
  "floor-plan": "Floor plan",
  other: "Other, as agreed between the dealers",
};

/** Shown beside the checkbox and kept with each signature, word for word (E-SIGN Act, 15 U.S.C. 7001). */
export const ESIGN_CONSENT_TEXT =
  "I agree to sign this Bill of Sale electronically. My typed name is my signature and has the same legal effect as a handwritten one (E-SIGN Act, 15 U.S.C. 7001). I can download this document as a PDF and may ask the other dealer for a paper copy.";

/** Said for everything the seller did not disclose. */
export const SOLD_AS_IS_TEXT =
  "Except for the disclosures above, the vehicle is sold AS IS, WHERE IS, with no warranty, express or implied, including any warranty of merchantability or fitness for a particular purpose.";

/** What a dealer's profile must hold before the Bill of Sale can be signed. */
export const SIGNING_PROFILE_FIELDS = ["address", "licenseNumber"] as const;
export type SigningProfileField = (typeof SIGNING_PROFILE_FIELDS)[number];
export const SIGNING_PROFILE_FIELD_LABELS: Record<SigningProfileField, string> = {
  address: "business address",
  licenseNumber: "dealer license number",
};

export const SIGNER_NAME_MAX = 120;

/** POST /api/deals/{id}/sign, and the signing dialog. The seller's choices default as most deals need. */
export const signBillOfSaleSchema = z
  .object({
    fullName: z
      .string({ error: "Type your full name to sign" })
      .transform((v) => v.trim().replace(/\s+/g, " "))
      .pipe(
        z
          .string()
          .min(2, "Type your full name to sign")
          .max(SIGNER_NAME_MAX, `Your name must be at most ${SIGNER_NAME_MAX} characters`)
          .regex(/\p{L}/u, "Type your full name to sign"),
      ),
    consent: z.literal(true, { error: "Tick the box to agree to sign electronically" }),
    odometer: z
      .enum(ODOMETER_CERTIFICATIONS, { error: "Choose what the odometer reading reflects" })
      .default("actual")
      .describe("the seller's certification of the reading; ignored from the buyer"),
    heavyVehicle: z
      .boolean()
      .default(false)
      .describe(
        `the seller marks a vehicle over ${ODOMETER_EXEMPT_OVER_GVWR_LB} lb GVWR; ignored from the buyer`,
      ),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: "Choose how the vehicle is paid" })
      .default("wire")
      .describe("how the buyer pays, as the seller states it; ignored from the buyer"),
  })
  .meta({ id: "SignBillOfSale" });
export type SignBillOfSale = z.output<typeof signBillOfSaleSchema>;
