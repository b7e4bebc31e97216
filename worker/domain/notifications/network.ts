import { sql } from "drizzle-orm";
import type { ChatMessage } from "../../../app/lib/realtime";
import type { Database } from "../../db/client";
import type { Notifier } from "./notify";

type Dealer = { name: string; dealershipName: string; city: string; state: string };

const MESSAGE_PREVIEW = 160;

/**
 * The dealer network's notices (issue 11): a dealer connected with you; a dealer wrote to you for the first
 * time. Later messages of the same chat only move the Messages badge.
 */
export function networkNotices(db: Database, notifier: Notifier) {
  async function dealer(id: string): Promise<Dealer | undefined> {
    const [row] = await db.all<Dealer>(sql`
      select name, dealership_name as dealershipName, city, state from dealers where id = ${id}`);
    return row;
  }
  const place = (d: Dealer) => (d.city ? ` in ${d.city}, ${d.state}` : "");

  return {
    async connected(requesterId: string, receiverId: string, connectionId: string): Promise<void> {
      const requester = await dealer(requesterId);
      if (!requester) return;
      await notifier.deliver({
        key: `connection:${connectionId}`,
        dealerId: receiverId,
        type: "connection",
        title: `${requester.name} connected with you`,
        body: `${requester.name} of ${requester.dealershipName}${place(requester)} added you to their network. You can message each other now.`,
        link: `/messages?chat=${requesterId}`,
        action: "Send a message",
      });
    },

    /** Tells the receiver when this is the first message the sender ever wrote them. */
    async messageSent(message: ChatMessage): Promise<void> {
      const [earlier] = await db.all<{ id: string }>(sql`
        select id from messages
        where chat_id = ${message.chatId} and sender_id = ${message.senderId} and id <> ${message.id} limit 1`);
      if (earlier) return;
      const sender = await dealer(message.senderId);
      if (!sender) return;
      const preview =
        message.content.length > MESSAGE_PREVIEW
          ? `${message.content.slice(0, MESSAGE_PREVIEW - 1)}…`
          : message.content;
      await notifier.deliver({
        key: `first-message:${message.senderId}:${message.receiverId}`,
        dealerId: message.receiverId,
        type: "message",
        title: `New message from ${sender.name}`,
        body: `${sender.name} of ${sender.dealershipName}${place(sender)} wrote: “${preview}”`,
        link: `/messages?chat=${message.senderId}`,
        action: "Reply",
      });
    },
  };
}
