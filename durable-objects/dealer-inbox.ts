import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { InboxFrame } from "#lib/realtime";
import { createServices } from "../worker/services";
import { DEALER_HEADER } from "../worker/realtime/addresses";

/**
 * One per dealer, addressed by the dealer id: everything live for that dealer's open tabs — new messages
 * and unread counts, new posts from the network. Browser → inbox frames are not accepted; the worker and
 * the chat rooms push through `notify`. Hibernation on, so idle tabs cost nothing.
 */
export class DealerInbox extends Server<Env> {
  static options = { hibernate: true };

  /**
   * A new tab starts from the current unread total and the bell's count: a message or notification that
   * arrived while its page was loading (after the page counted, before this socket opened) would otherwise
   * be missed until the next page.
   */
  async onConnect(connection: Connection, ctx: ConnectionContext) {
    const dealerId = ctx.request.headers.get(DEALER_HEADER);
    if (!dealerId) return connection.close(4401, "Not signed in");
    const services = createServices(this.env);
    const [unreadTotal, unreadCount] = await Promise.all([
      services.chats.unreadTotal(dealerId),
      services.notifications.centre.unreadCount(dealerId),
    ]);
    connection.send(JSON.stringify({ type: "unread", unreadTotal } satisfies InboxFrame));
    connection.send(JSON.stringify({ type: "notifications-unread", unreadCount } satisfies InboxFrame));
  }

  onMessage() {
    // Server → browser only.
  }

  /** RPC: push a frame to every open tab of this dealer. */
  async notify(frame: InboxFrame) {
    this.broadcast(JSON.stringify(frame));
  }

  /** Health probe over RPC (GET /api/health → realtime). */
  async ping(): Promise<"pong"> {
    return "pong";
  }
}
