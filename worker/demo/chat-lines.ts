import { fromRoomRow, summariseMessages, type RoomRow } from "../domain/chats/room-storage.ts";

type Row = Record<string, unknown>;

/**
 * A seeded network's chat lines in D1, as the rooms keep them on every send: each chat's last message and each
 * dealer's unread and sent counts and reply-time marks, from the seeded messages. The messages themselves are
 * seeded where chats begun before the rooms kept them (D1 `messages`): each room takes its own on first use,
 * and the daily cron the rest.
 */
export function withChatLines(chats: Row[], participants: Row[], messages: Row[], now: number) {
  const byChat = new Map<string, RoomRow[]>();
  for (const m of messages) {
    const row = {
      ...(m as unknown as RoomRow),
      context: (m.context as string | null) ?? null,
      attachments: null,
      call: null,
      offer: null,
      is_read: m.is_read ? 1 : 0,
    };
    const list = byChat.get(String(m.chat_id)) ?? [];
    list.push(row);
    byChat.set(String(m.chat_id), list);
  }
  const lines = new Map<string, ReturnType<typeof summariseMessages>>();
  for (const chat of chats) {
    const id = String(chat.id);
    const rows = (byChat.get(id) ?? []).sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
    const dealerIds = participants.filter((p) => p.chat_id === id).map((p) => String(p.dealer_id));
    lines.set(
      id,
      summariseMessages(
        rows.map((r) => ({ ...fromRoomRow(r, id), at: r.created_at })),
        dealerIds,
        now,
      ),
    );
  }
  return {
    chats: chats.map((c) => {
      const line = lines.get(String(c.id));
      return { ...c, last_message: line?.last ? JSON.stringify(line.last) : null };
    }),
    participants: participants.map((p) => {
      const mine = lines.get(String(p.chat_id))?.participants.find((x) => x.dealerId === p.dealer_id);
      return {
        ...p,
        unread_count: mine?.unread ?? 0,
        sent_count: mine?.sent ?? 0,
        asked_at: mine?.askedAt ?? null,
        replied_at: mine?.repliedAt ?? null,
      };
    }),
  };
}
