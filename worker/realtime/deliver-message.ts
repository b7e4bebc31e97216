import type { ChatServerFrame } from "#lib/realtime";
import type { chatService, SendInput } from "../domain/chats";
import { chatRoomOf, inboxOf } from "./addresses";

/**
 * The one way a message is sent, from a socket or over REST: stored in D1 first (idempotent on its
 * clientId), then broadcast to the chat room and to both dealers' inboxes. A retry of a stored message
 * is broadcast again — browsers drop what they already hold — so a send that failed half-way heals.
 */
export async function deliverMessage(
  env: Env,
  messaging: ReturnType<typeof chatService>,
  input: SendInput,
  room?: { broadcastFrame(frame: ChatServerFrame): void },
) {
  const { message, created, unread } = await messaging.send(input);
  const frame: ChatServerFrame = { type: "message", message };
  const [receiverUnread, senderUnread] = [unread.receiver, unread.sender];
  const results = await Promise.allSettled([
    room ? Promise.resolve(room.broadcastFrame(frame)) : chatRoomOf(env, message.chatId).deliver(frame),
    inboxOf(env, message.receiverId).notify({ type: "chat-message", message, unreadTotal: receiverUnread }),
    inboxOf(env, message.senderId).notify({ type: "chat-message", message, unreadTotal: senderUnread }),
  ]);
  for (const r of results) {
    if (r.status === "rejected") console.error("Live delivery failed (stored in D1)", r.reason);
  }
  return { message, created };
}
