import type { chatService, SendInput } from "../domain/chats";
import type { ChatHistory } from "./chat-history";
import { inboxOf } from "./addresses";

/**
 * The one way a message is sent, from a socket or over REST: stored by its chat's room (idempotent on its
 * clientId), which broadcasts it to the chat, then told to both dealers' inboxes. A retry of a stored message
 * is broadcast again — browsers drop what they already hold — so a send that failed half-way heals.
 * `room`: the chat's own room when the send comes from its socket.
 */
export async function deliverMessage(
  env: Env,
  messaging: ReturnType<typeof chatService>,
  input: SendInput,
  room?: ChatHistory,
) {
  const sent = await messaging.send(input, room);
  const { message, unread } = sent;
  const results = await Promise.allSettled([
    inboxOf(env, message.receiverId).notify({ type: "chat-message", message, unreadTotal: unread.receiver }),
    inboxOf(env, message.senderId).notify({ type: "chat-message", message, unreadTotal: unread.sender }),
  ]);
  for (const r of results) {
    if (r.status === "rejected") console.error("Live delivery failed (stored in the room)", r.reason);
  }
  return sent;
}
