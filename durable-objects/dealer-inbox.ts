import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { InboxFrame } from "#lib/realtime";
import { createServices } from "../worker/services";
import { DEALER_HEADER } from "../worker/realtime/addresses";

/**
 * How long a dealer stays recorded open after their last tab closed: a phone on the lot that drops its socket and
 * reconnects, or a page that reloads, writes nothing to D1.
 */
export const OPEN_TAB_GRACE_MS = 60_000;

/** This object's own note that D1 holds its dealer's open-tab row, so a tab connecting again writes nothing. */
const RECORDED = "open-tab-recorded";

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

  /** The record's changes, one at a time: each decides from the tabs open when it runs. */
  #recording: Promise<void> = Promise.resolve();

  #inTurn(change: () => Promise<void>): Promise<void> {
    const run = this.#recording.then(change);
    this.#recording = run.catch(() => undefined);
    return run;
  }

  #tabsOpen(closing?: Connection): boolean {
    return [...this.getConnections()].some((c) => c.id !== closing?.id);
  }

  /** Records the dealer open, unless this object already did. */
  #recordOpen(): Promise<void> {
    return this.#inTurn(async () => {
      if (!this.#tabsOpen() || (await this.ctx.storage.get<boolean>(RECORDED))) return;
      await createServices(this.env).openTabs.record(this.name, true);
      await this.ctx.storage.put(RECORDED, true);
    });
  }

  /** Deletes the record when no tab is open (whether or not this object remembers writing it). */
  #forgetIfClosed(): Promise<void> {
    return this.#inTurn(async () => {
      if (this.#tabsOpen()) return;
      // The note first: a note kept over a deleted row would keep the next tab from writing it again.
      await this.ctx.storage.delete(RECORDED);
      await createServices(this.env).openTabs.record(this.name, false);
    });
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
      await this.#recordOpen();
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

  /** The last tab gone: the record goes after the grace, unless a tab is back by then. */
  async onClose(connection: Connection) {
    if (!this.#tabsOpen(connection)) await this.ctx.storage.setAlarm(Date.now() + OPEN_TAB_GRACE_MS);
  }

  async onAlarm() {
    await this.#forgetIfClosed();
  }

  /**
   * RPC: push a frame to every open tab of this dealer. A notification is sent only to an inbox recorded open:
   * one that finds no tab (within the grace, or a record left when the runtime dropped the sockets without a
   * close) deletes the record at once.
   */
  async notify(frame: InboxFrame) {
    if (frame.type === "notification" && !this.#tabsOpen()) await this.#forgetIfClosed();
    this.broadcast(JSON.stringify(frame));
  }

  /** Health probe over RPC (GET /api/health → realtime). */
  async ping(): Promise<"pong"> {
    return "pong";
  }
}
