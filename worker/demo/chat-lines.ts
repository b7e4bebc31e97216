import { fromRoomRow, summariseMessages, type RoomRow } from "../domain/chats/room-storage.ts";

type Row = Record<string, unknown>;

/**
 * A seeded network's chat lines in D1, as the rooms keep them on every send: each chat's last message and each
 * dealer's unread and sent counts and reply-time marks, from the seeded messages. The messages themselves are
 * seeded where chats begun before the rooms kept them (D1 `messages`): each room takes its own on first use,
 * and the daily cron the rest.
 */
export function withChatLines(chats: Row[], participants: Row[], messages: Row[], now: number) {
  // Grouped by reference, each chat's rows converted only while it is summarised: the national network holds
  // 5 M messages and 150 000 participants, so neither a copy of every message nor a scan per chat fits.
  const byChat = groupBy(messages, (m) => String(m.chat_id));
  const dealersByChat = groupBy(participants, (p) => String(p.chat_id));
  const lines = new Map<string, ReturnType<typeof summariseMessages>>();
  for (const chat of chats) {
    const id = String(chat.id);
    const rows = (byChat.get(id) ?? [])
      .map(toRoomRow)
      .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
    const dealerIds = (dealersByChat.get(id) ?? []).map((p) => String(p.dealer_id));
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

const toRoomRow = (m: Row): RoomRow => ({
  ...(m as unknown as RoomRow),
  context: (m.context as string | null) ?? null,
  attachments: null,
  call: null,
  offer: null,
  is_read: m.is_read ? 1 : 0,
});

function groupBy(rows: Row[], key: (row: Row) => string) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
