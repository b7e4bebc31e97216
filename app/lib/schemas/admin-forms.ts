import { z } from "zod";
import {
  addUserSchema,
  announcementSchema,
  priceUpdateSchema,
  processDealSchema,
  promotionCreateSchema,
  refundSchema,
  roleSchema,
  suspendSchema,
  verificationDecisionSchema,
} from "#lib/admin";
import { apiKeyFormSchema } from "#lib/api-keys";
import { booleanInput } from "#lib/schemas/dealer-fields";
import { dealerUpdateSchema } from "#lib/schemas/dealer";
import { decideDisputeSchema } from "#lib/schemas/disputes";

/**
 * The admin console's page forms, one schema each, on the admin calls' own schemas. A blank text field
 * reads as left out, as in the JSON call: an optional field left blank stays as it is.
 */
const blanksLeftOut = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (form) =>
      form && typeof form === "object"
        ? Object.fromEntries(Object.entries(form).filter(([, value]) => value !== ""))
        : form,
    schema,
  );

/** The record a row's button acts on (a hidden field). */
const recordId = z.string({ error: "Choose a record" }).max(100);
const account = z.object({ accountId: recordId });
const record = z.object({ id: recordId });

export const announcementFormSchema = blanksLeftOut(announcementSchema);

export const processDealFormSchema = blanksLeftOut(processDealSchema.extend({ dealId: recordId }));

export const decideDisputeFormSchema = blanksLeftOut(decideDisputeSchema.extend({ disputeId: recordId }));

export const adminUserForms = {
  add: blanksLeftOut(addUserSchema),
  edit: blanksLeftOut(account.and(dealerUpdateSchema)),
  suspend: blanksLeftOut(suspendSchema.extend(account.shape)),
  reactivate: account,
  role: roleSchema.extend(account.shape),
  delete: account.extend({ confirm: z.literal("DELETE", { error: "Type DELETE to confirm" }) }),
  verification: blanksLeftOut(verificationDecisionSchema.extend(record.shape)),
  apiKey: apiKeyFormSchema.extend(account.shape),
  refund: blanksLeftOut(refundSchema),
};

export const promotionForms = {
  create: blanksLeftOut(promotionCreateSchema),
  toggle: record.extend({ isActive: booleanInput.default(false) }),
  delete: record,
};

/** Whole dollars typed as text (pricing inputs are integers); an unticked "on sale" box is off. */
export const priceFormSchema = record.extend({
  price: z.preprocess(
    (text) => (typeof text !== "string" || text.trim() === "" ? undefined : Number(text.trim())),
    priceUpdateSchema.shape.price,
  ),
  isActive: booleanInput.default(false),
});
