import { DurableObject } from "cloudflare:workers";
import { createServices } from "../worker/services";

/** This object's note that the main database's old outbox table was found empty: no run looks there again. */
const LEGACY_OUTBOX_EMPTY = "legacy-outbox-empty";

/**
 * OutboxCourier (docs/decisions/0012-outbox-delivery.md): one object, named "outbox", whose alarm delivers
 * whatever the outbox holds that is due, then sleeps until the next message falls due. Enqueueing wakes it;
 * the daily cron wakes it too, in case a wake was lost. The D1 rows are the record; the alarm only says when
 * to look, so losing this object's state loses nothing.
 *
 * Its first runs after a deployment also hand over what an earlier version left in the main database's outbox
 * table (docs/decisions/0094-outbox-database.md), until they find it empty; the daily cron hands over anything
 * written there later.
 */
export class OutboxCourier extends DurableObject<Env> {
  /** RPC: deliver at `at` (or sooner, if already due sooner). */
  async wake(at: number = Date.now()): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  async alarm() {
    const { outbox } = createServices(this.env);
    if (!(await this.ctx.storage.get<boolean>(LEGACY_OUTBOX_EMPTY))) {
      if ((await outbox.handOffLegacy()) === 0) await this.ctx.storage.put(LEGACY_OUTBOX_EMPTY, true);
    }
    const next = await outbox.deliverDue();
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }
}
