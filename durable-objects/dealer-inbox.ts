import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { InboxFrame } from "#lib/realtime";
import { createServices } from "../worker/services";
import { DEALER_HEADER } from "../worker/realtime/addresses";

/**
 * One per dealer, addressed by the dealer id: everything live for that dealer's open tabs — new messages
 * and unread counts, new posts from the network. Browser → inbox frames are not accepted; the worker and
 * the chat rooms push through `notify`. Hibernation on, so idle tabs cost nothing.
 *
 * It records in D1 whether the dealer has a tab open (`dealer_open_tabs`), so a notification's fan-out wakes
 * only the inboxes someone is looking at (docs/decisions/0093-live-frames-to-open-tabs.md).
 */
export class DealerInbox extends Server<Env> {
  static options = { hibernate: true };

  /** The record's writes, one at a time: each writes the state as it is when it runs, so the last one is right. */
  #recorded: Promise<void> = Promise.resolve();

  /** Writes whether a tab is open now, besides `closing` (a socket on its way out). */
  #recordOpenTabs(closing?: Connection): Promise<void> {
    const write = this.#recorded.then(() => {
      const open = [...this.getConnections()].some((c) => c.id !== closing?.id);
      return createServices(this.env).openTabs.record(this.name, open);
    });
    this.#recorded = write.catch(() => undefined);
    return write;
  }

  /**
   * A new tab starts from the current unread total and the bell's count: a message or notification that
   * arrived while its page was loading (after the page counted, before this socket opened) would otherwise
   * be missed until the next page. It is recorded open first, so a bell stored after these counts were read
   * also sends it its frame.
   */
  async onConnect(connection: Connection, ctx: ConnectionContext) {
    const dealerId = ctx.request.headers.get(DEALER_HEADER);
    if (!dealerId) return connection.close(4401, "Not signed in");
    try {
      await this.#recordOpenTabs();
    } catch (error) {
      // Unrecorded, the tab would miss the bell's frames: the browser's socket reconnects and tries again.
      console.error(`Inbox ${dealerId}: the open tab could not be recorded`, error);
      return connection.close(1011, "Try again");
    }
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

  /** The last tab gone: the dealer's notifications stop waking this object. */
  async onClose(connection: Connection) {
    await this.#recordOpenTabs(connection);
  }

  /**
   * RPC: push a frame to every open tab of this dealer. A notification is sent only to an inbox recorded open:
   * one that finds no tab (the runtime dropped them without a close) puts the record right.
   */
  async notify(frame: InboxFrame) {
    if (frame.type === "notification" && [...this.getConnections()].length === 0)
      await this.#recordOpenTabs();
    this.broadcast(JSON.stringify(frame));
  }

  /** Health probe over RPC (GET /api/health → realtime). */
  async ping(): Promise<"pong"> {
    return "pong";
  }
}
