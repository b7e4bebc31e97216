import { z } from "zod";
import { chatMessageSchema, dealSchema, isoTime, notificationSchema, type ChatMessage } from "./api-types";

/**
 * Socket frames, one discriminated union shared by the Durable Objects and the browser:
 * every frame is parsed with it before anything is stored, broadcast or shown.
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

export const messageContextSchema = z
  .object({ postTitle: z.string().trim().max(200).optional() })
  .nullable()
  .optional();

export { chatMessageSchema, type ChatMessage };

/** Browser → ChatRoom. */
export const chatClientFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("send"),
    clientId: clientIdSchema,
    content: messageContentSchema,
    context: messageContextSchema,
  }),
  z.object({ type: z.literal("typing"), isTyping: z.boolean() }),
  z.object({ type: z.literal("read") }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** ChatRoom → browser. */
export const chatServerFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: chatMessageSchema }),
  z.object({ type: z.literal("typing"), chatId: z.string(), dealerId: z.string(), isTyping: z.boolean() }),
  z.object({ type: z.literal("read"), chatId: z.string(), dealerId: z.string(), readAt: isoTime }),
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
    event: z.enum(["proposed", "confirmed", "declined", "withdrawn", "completed", "updated"]),
    deal: dealSchema,
  }),
]);
export type InboxFrame = z.infer<typeof inboxFrameSchema>;

export function parseFrame<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  if (typeof raw !== "string" || raw.length > 20_000) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
