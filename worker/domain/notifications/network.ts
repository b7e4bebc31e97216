import { sql } from "drizzle-orm";
import type { ChatMessage } from "#lib/realtime";
import type { Database } from "../../db/client";
import type { Delivery, Notifier } from "./notify";

type Dealer = { name: string; dealershipName: string; city: string; state: string };

const MESSAGE_PREVIEW = 160;

/**
 * The dealer network's notices: a dealer connected with you; a dealer wrote to you for the first
 * time (later messages of the same chat only move the Messages badge); a dealer in your network posted a live
 * auction or run list (the "Auction alerts" switch).
 */
export function networkNotices(
  db: Database,
  notifier: Notifier,
  fanout: (postId: string, deliveries: Delivery[]) => Promise<void>,
) {
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

    /** Tells the receiver of the first message the sender ever wrote them (the chat's room knows it is). */
    async messageSent(message: ChatMessage): Promise<void> {
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

    /**
     * A live auction or run list (the post mentions an auction) tells the author's network,
     * through the same durable fan-out as deal alerts: one notice per dealer and post.
     */
    async auctionPosted(
      post: { id: string; dealerId: string; title: string },
      network: readonly string[],
    ): Promise<void> {
      if (network.length === 0) return;
      const author = await dealer(post.dealerId);
      if (!author) return;
      await fanout(
        post.id,
        network.map((dealerId) => ({
          key: `auction:${post.id}:${dealerId}`,
          dealerId,
          type: "auction",
          title: `Auction: ${post.title}`,
          body: `${author.name} of ${author.dealershipName}${place(author)} posted a live auction or run list.`,
          link: `/post/${post.id}`,
          action: "See the vehicles",
        })),
      );
    },
  };
}
