import type { ChatServerFrame, InboxFrame } from "#lib/realtime";
import { FRAME_MAX_LENGTH } from "#lib/realtime-limits";

/**
 * The browser's reading of socket frames. Every frame was built and checked against its zod schema
 * (app/lib/realtime.ts) by the Durable Object that sent it, over the dealer's own signed-in socket; the browser
 * only makes sure it is a frame of a kind it knows, which keeps zod off a screen's first load.
 */
/** Every kind of frame, checked against the schemas' unions: a kind added there must be added here. */
type AllOf<T extends string> = { [K in T]: true };
const INBOX_FRAME_TYPES: AllOf<InboxFrame["type"]> = {
  "chat-message": true,
  unread: true,
  "call-ring": true,
  "call-update": true,
  "new-post": true,
  notification: true,
  "notifications-read": true,
  "notifications-unread": true,
  deal: true,
  offer: true,
};
const CHAT_FRAME_TYPES: AllOf<ChatServerFrame["type"]> = {
  message: true,
  typing: true,
  read: true,
  "message-deleted": true,
  call: true,
  "call-signal": true,
  error: true,
};

function frameOf<T>(types: Record<string, true>, raw: unknown): T | null {
  if (typeof raw !== "string" || raw.length > FRAME_MAX_LENGTH) return null;
  try {
    const frame: unknown = JSON.parse(raw);
    if (typeof frame !== "object" || frame === null) return null;
    const type = (frame as { type?: unknown }).type;
    return typeof type === "string" && Object.hasOwn(types, type) ? (frame as T) : null;
  } catch {
    return null;
  }
}

/** A frame from the dealer's inbox socket, or null for anything else. */
export const inboxFrameOf = (raw: unknown) => frameOf<InboxFrame>(INBOX_FRAME_TYPES, raw);

/** A frame from a chat room's socket, or null for anything else. */
export const chatFrameOf = (raw: unknown) => frameOf<ChatServerFrame>(CHAT_FRAME_TYPES, raw);
