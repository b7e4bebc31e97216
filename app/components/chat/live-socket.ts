import { ReconnectingSocket } from "#lib/reconnecting-socket";

/** Chat-list and unread polling while a socket is down (chats every 2 s). */
export const CHAT_POLL_MS = 2000;

/**
 * A same-origin socket to one of our Durable Objects (/parties/{party}/{room}), reconnecting with backoff.
 * The session cookie rides along with the upgrade, so the worker can check it.
 */
export function openLiveSocket(party: "chat-room" | "dealer-inbox", room: string) {
  const protocol = window.location.protocol === "https:" ? "wss" : "ws";
  return new ReconnectingSocket(
    `${protocol}://${window.location.host}/parties/${party}/${encodeURIComponent(room)}`,
  );
}
