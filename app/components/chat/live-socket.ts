import PartySocket from "partysocket";

/** Chat-list and unread polling while a socket is down (chats every 2 s). */
export const CHAT_POLL_MS = 2000;

/**
 * A same-origin socket to one of our Durable Objects, with partysocket's reconnect and backoff.
 * The session cookie rides along with the upgrade, so the worker can check it.
 */
export function openLiveSocket(party: "chat-room" | "dealer-inbox", room: string) {
  return new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party,
    room,
    maxEnqueuedMessages: 50,
    minReconnectionDelay: 500,
    maxReconnectionDelay: 10_000,
  });
}
