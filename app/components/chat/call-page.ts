import type { CallKind } from "#lib/realtime";

/** Opens /messages as a new document on the chat with `peerId`, starting or joining a call there. */
export function loadCallPage(peerId: string, intent: { call?: CallKind; join?: string }) {
  const query = new URLSearchParams({ chat: peerId });
  if (intent.call) query.set("call", intent.call);
  if (intent.join) query.set("join", intent.join);
  window.location.assign(`/messages?${query}`);
}
