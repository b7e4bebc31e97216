/**
 * A confirmed deal's title and payment clocks: one schema per call, used by the worker and the screens. Pure code.
 */
import { z } from "zod";
import { CLOCKS } from "#lib/deals/clocks";

const clockField = z.enum(CLOCKS, { error: 'clock must be "title" or "payment"' });

/** POST /api/pass-thru-sales/{id}/due-date: one dealer proposes a new due date for one clock. */
export const proposeDueDateSchema = z.object({
  clock: clockField,
  dueAt: z.iso.datetime({ error: "dueAt must be an ISO 8601 time, like 2026-12-03T17:00:00Z" }),
});
export type ProposeDueDate = z.output<typeof proposeDueDateSchema>;

/** POST /api/pass-thru-sales/{id}/due-date/accept: the other dealer accepts the date waiting on that clock. */
export const acceptDueDateSchema = z.object({ clock: clockField });

/** POST /api/pass-thru-sales/{id}/payment: the buyer marks the funds sent, the seller confirms them received. */
export const paymentStepSchema = z.object({
  step: z.enum(["sent", "received"], { error: 'step must be "sent" or "received"' }),
});
export type PaymentStep = z.output<typeof paymentStepSchema>["step"];

/** POST /api/pass-thru-sales/{id}/unwind/answer: the seller agrees to unwind the deal, or declines. */
export const unwindAnswerSchema = z.object({
  agree: z.boolean({ error: "agree must be true or false" }),
});
