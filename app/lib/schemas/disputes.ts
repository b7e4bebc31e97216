/**
 * Disputes on a completed deal: the buyer opens one with photos and files from the two dealers' chat, the
 * seller answers once, an admin decides. Inputs and answers, used by the worker and the screens alike. Pure code.
 */
import { z } from "zod";
import { chatAttachmentSchema, chatFilePathOf } from "#lib/chat-files";
import { dealPartySchema, isoTime } from "#lib/api-types";
import { pageQuery } from "#lib/schemas/paging";

/** The buyer may open a dispute until this many days after the deal was completed. */
export const DISPUTE_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a dispute can be opened on a deal completed at `completedAt` (epoch ms). */
export const disputeWindowEndsAt = (completedAt: number) => completedAt + DISPUTE_WINDOW_DAYS * DAY_MS;

export const DISPUTE_REASONS = ["not-as-described", "title", "odometer", "other"] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  "not-as-described": "Not as described or disclosed",
  title: "Title",
  odometer: "Odometer",
  other: "Other",
};

export const DISPUTE_STATUSES = ["open", "answered", "decided"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Which side the admin found for. */
export const DISPUTE_SIDES = ["buyer", "seller"] as const;
export type DisputeSide = (typeof DISPUTE_SIDES)[number];

/** Photos and files one side may attach, picked from the chat. */
export const DISPUTE_FILES_MAX = 10;
export const DISPUTE_TEXT_MAX = 4000;

/** A file that was not sent in the chat between the deal's two dealers. */
export const NOT_FROM_THE_CHAT = "Pick photos and files from your chat with this dealer";

const chatFiles = z
  .array(
    z
      .string()
      .max(300)
      .refine((url) => chatFilePathOf(url) !== null, NOT_FROM_THE_CHAT),
  )
  .max(DISPUTE_FILES_MAX, `Attach at most ${DISPUTE_FILES_MAX} files`)
  .default([])
  .describe("addresses of files already sent in the chat between the deal's two dealers");

const said = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(DISPUTE_TEXT_MAX, `Keep it under ${DISPUTE_TEXT_MAX} characters`);

export const openDisputeSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: `reason must be one of ${DISPUTE_REASONS.join(", ")}` }),
  description: said("Say what is wrong"),
  attachments: chatFiles,
});
export type OpenDispute = z.output<typeof openDisputeSchema>;

export const answerDisputeSchema = z.object({
  answer: said("Your answer"),
  attachments: chatFiles,
});
export type AnswerDispute = z.output<typeof answerDisputeSchema>;

export const decideDisputeSchema = z.object({
  prevails: z.enum(DISPUTE_SIDES, { error: "prevails must be buyer or seller" }),
  notes: z.string().trim().max(2000, "Keep the notes under 2000 characters").default(""),
});
export type DecideDispute = z.output<typeof decideDisputeSchema>;

export const adminDisputesQuerySchema = z.object({
  status: z
    .enum([...DISPUTE_STATUSES, "undecided"], {
      error: "status must be open, answered, decided or undecided",
    })
    .optional(),
  ...pageQuery(25).shape,
});
export type AdminDisputesQuery = z.output<typeof adminDisputesQuerySchema>;

/** A deal's disputes a page at a time: few ever exist, so one page nearly always holds them all. */
export const DEAL_DISPUTES_PAGE_SIZE = 10;
export const dealDisputesQuerySchema = pageQuery(DEAL_DISPUTES_PAGE_SIZE, { max: 50 });
/** A page of a deal's disputes or of its chat's files: the cursor and the page size. */
export type DisputePageQuery = z.output<typeof dealDisputesQuerySchema>;

/** The chat's photos and files the picker shows at first; "Show more files" reads the next page. */
export const DISPUTE_FILES_PAGE_SIZE = 24;
export const disputeFilesQuerySchema = pageQuery(DISPUTE_FILES_PAGE_SIZE, { max: 100 });

/** A photo or file of the chat, as a dispute shows it: who sent it and when. */
export const disputeFileSchema = chatAttachmentSchema
  .extend({
    id: z.string().describe("the file's id (the last part of its address)"),
    sentBy: z.string().describe("dealer id of the sender"),
    sentAt: isoTime,
  })
  .meta({ id: "DisputeFile" });
export type DisputeFile = z.infer<typeof disputeFileSchema>;

export const disputeSchema = z
  .object({
    id: z.string(),
    dealId: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    reason: z.enum(DISPUTE_REASONS),
    description: z.string(),
    attachments: z.array(disputeFileSchema),
    buyer: dealPartySchema.nullable().describe("who opened it"),
    seller: dealPartySchema.nullable(),
    answer: z.string().nullable().describe("the seller's answer, once"),
    answerAttachments: z.array(disputeFileSchema),
    answeredAt: isoTime.nullable(),
    prevails: z.enum(DISPUTE_SIDES).nullable().describe("the side the admin decided for"),
    decisionNotes: z.string().nullable(),
    decidedAt: isoTime.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: "Dispute" });
export type Dispute = z.infer<typeof disputeSchema>;

/** The admin's view: the dispute with its deal's vehicle and price. */
export const adminDisputeSchema = disputeSchema
  .extend({
    vehicle: z.string().describe("year make model trim"),
    vin: z.string().nullable(),
    priceCents: z.number().int(),
    completedAt: isoTime.nullable(),
    decidedBy: z.string().nullable().describe("the deciding admin's e-mail"),
  })
  .meta({ id: "AdminDispute" });
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** Where an admin reads one of a dispute's files (the admin is not in the dealers' chat). */
export const disputeEvidencePath = (disputeId: string, fileUrl: string) =>
  `/api/admin/disputes/${disputeId}/files/${fileUrl.slice(fileUrl.lastIndexOf("/") + 1)}`;
