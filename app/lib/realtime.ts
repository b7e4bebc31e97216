import { z } from "zod";
import {
  chatMessageSchema,
  chatParticipantSchema,
  dealSchema,
  isoTime,
  notificationSchema,
  offerSchema,
  type ChatMessage,
} from "#lib/api-types";
import { OFFER_ACTIONS } from "#lib/schemas/offer-constants";
import { chatAttachmentsInputSchema } from "#lib/chat-files";
import { FRAME_MAX_LENGTH } from "#lib/realtime-limits";

/**
 * Socket frames, one discriminated union shared by the Durable Objects and the browser: the Durable Objects parse
 * every frame with it (parseFrame) before anything is stored or broadcast; the browser reads the frames they send
 * by their kind (app/lib/realtime-frames.ts).
 */
export const MESSAGE_MAX_LENGTH = 4000;

export const messageContentSchema = z
  .string({ error: "Message text is required" })
  .trim()
  .min(1, "Message text is required")
  .max(MESSAGE_MAX_LENGTH, `A message can hold at most ${MESSAGE_MAX_LENGTH} characters`);

export const clientIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid client id");

/** The text beside attachments: may be empty when the message carries at least one. */
export const messageTextSchema = z
  .string({ error: "Message text is required" })
  .trim()
  .max(MESSAGE_MAX_LENGTH, `A message can hold at most ${MESSAGE_MAX_LENGTH} characters`)
  .default("");

/** A message needs text or at least one attachment. */
export function requireTextOrAttachments(
  message: { content: string; attachments?: unknown[] },
  ctx: z.RefinementCtx,
) {
  if (!message.content && !message.attachments?.length) {
    ctx.addIssue({ code: "custom", path: ["content"], message: "Message text is required" });
  }
}

export const messageContextSchema = z
  .object({ postTitle: z.string().trim().max(200).optional() })
  .nullable()
  .optional();

export { chatMessageSchema, type ChatMessage };

/** Calls: a ring through the callee's inbox, then WebRTC peer to peer, signalled through the ChatRoom. */
export const CALL_RING_SECONDS = 30;
export const callIdSchema = clientIdSchema;
export const callKindSchema = z.enum(["video", "voice"]);
export type CallKind = z.infer<typeof callKindSchema>;

export const callSignalSchema = z.discriminatedUnion("kind", [
  /** The callee's media and socket are ready: the caller may send its offer. */
  z.object({ kind: z.literal("ready") }),
  z.object({ kind: z.literal("offer"), sdp: z.string().max(15_000) }),
  z.object({ kind: z.literal("answer"), sdp: z.string().max(15_000) }),
  z.object({
    kind: z.literal("ice"),
    candidate: z.object({
      candidate: z.string().max(1000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
]);
export type CallSignal = z.infer<typeof callSignalSchema>;

/** A call while it lasts, as the ChatRoom keeps it (in its own storage, gone when the call ends). */
export const liveCallSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  kind: callKindSchema,
  callerId: z.string(),
  calleeId: z.string(),
  state: z.enum(["ringing", "connected", "ended"]),
  startedAt: isoTime,
  acceptedAt: isoTime.optional(),
});
export type LiveCall = z.infer<typeof liveCallSchema>;

/** What the worker hears back when it asks a chat room to answer a call (RPC cannot carry a DomainError). */
export type CallAnswer = { ok: true; call: LiveCall } | { ok: false; status: 404 | 409; message: string };

/** Browser → ChatRoom. */
export const chatClientFrameSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("send"),
      clientId: clientIdSchema,
      content: messageTextSchema,
      context: messageContextSchema,
      attachments: chatAttachmentsInputSchema.optional(),
    })
    .superRefine(requireTextOrAttachments),
  z.object({ type: z.literal("typing"), isTyping: z.boolean() }),
  z.object({ type: z.literal("read") }),
  /** The caller rings the other dealer (on every tab of theirs, through their inbox). */
  z.object({ type: z.literal("call-start"), callId: callIdSchema, kind: callKindSchema }),
  /** WebRTC signalling, relayed to the other dealer's sockets in this room only, never stored. */
  z.object({ type: z.literal("call-signal"), callId: callIdSchema, signal: callSignalSchema }),
  /** Hang up (either side), or the caller gives up before an answer. */
  z.object({ type: z.literal("call-end"), callId: callIdSchema }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** ChatRoom → browser. */
export const chatServerFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: chatMessageSchema }),
  z.object({ type: z.literal("typing"), chatId: z.string(), dealerId: z.string(), isTyping: z.boolean() }),
  z.object({ type: z.literal("read"), chatId: z.string(), dealerId: z.string(), readAt: isoTime }),
  z.object({ type: z.literal("message-deleted"), chatId: z.string(), messageId: z.string() }),
  z.object({ type: z.literal("call"), call: liveCallSchema }),
  z.object({
    type: z.literal("call-signal"),
    callId: z.string(),
    fromId: z.string(),
    signal: callSignalSchema,
  }),
  z.object({
    type: z.literal("error"),
    clientId: z.string().optional(),
    message: z.string(),
    /** Set when a rate limit refused the frame: seconds until it may be sent again. */
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** DealerInbox → browser: everything live for one dealer's open tabs. */
export const inboxFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chat-message"), message: chatMessageSchema, unreadTotal: z.number() }),
  z.object({ type: z.literal("unread"), unreadTotal: z.number() }),
  /** Someone is calling: ring on every tab until it is answered here or elsewhere, declined, or 30 s pass. */
  z.object({ type: z.literal("call-ring"), call: liveCallSchema, caller: chatParticipantSchema }),
  /** A call changed (answered on another tab, ended, missed): stop ringing, follow it. */
  z.object({ type: z.literal("call-update"), call: liveCallSchema }),
  z.object({ type: z.literal("new-post"), postId: z.string(), dealerId: z.string() }),
  /** A new notification (a deal alert, a price drop, …) and the bell's unread count after it. */
  z.object({ type: z.literal("notification"), notification: notificationSchema, unreadCount: z.number() }),
  /** Notifications were read in another tab: the bell's new count. */
  z.object({ type: z.literal("notifications-read"), unreadCount: z.number() }),
  /** The bell's count as a tab connects (the twin of `unread` for messages). */
  z.object({ type: z.literal("notifications-unread"), unreadCount: z.number() }),
  /** A deal of this dealer changed (proposed, confirmed, …): the deal as this dealer sees it. */
  z.object({
    type: z.literal("deal"),
    event: z.enum(["proposed", "confirmed", "declined", "withdrawn", "completed", "updated", "signed"]),
    deal: dealSchema,
  }),
  /** An offer of this dealer moved (offered, countered, accepted, …): the offer as this dealer sees it. */
  z.object({ type: z.literal("offer"), event: z.enum(OFFER_ACTIONS), offer: offerSchema }),
]);
export type InboxFrame = z.infer<typeof inboxFrameSchema>;

export function parseFrame<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  if (typeof raw !== "string" || raw.length > FRAME_MAX_LENGTH) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
