import { DurableObject } from "cloudflare:workers";
import { createServices } from "../worker/services";

/**
 * OutboxCourier (docs/decisions/0012-outbox-delivery.md): one object, named "outbox", whose alarm delivers
 * whatever the outbox holds that is due, then sleeps until the next message falls due. Enqueueing wakes it;
 * the daily cron wakes it too, in case a wake was lost. The D1 rows are the record; the alarm only says when
 * to look, so losing this object's state loses nothing.
 *
 * Each run first hands over a part of what an earlier version left in the main database's outbox table, waiting
 * messages first (docs/decisions/0094-outbox-database.md), and runs again at once while any is left; a hand-off
 * that fails is logged and the run delivers what the outbox holds anyway. Once the table is empty that is one
 * small read a run, until a later migration drops the table and this with it.
 */
export class OutboxCourier extends DurableObject<Env> {
  /** RPC: deliver at `at` (or sooner, if already due sooner). */
  async wake(at: number = Date.now()): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  async alarm() {
    const { outbox } = createServices(this.env);
    const handOff = await outbox.handOffLegacy().catch((error: unknown) => {
      console.error("Outbox: handing over the main database's old outbox table failed", error);
      return { left: true };
    });
    const next = await outbox.deliverDue();
    const at = handOff.left ? Date.now() : next;
    if (at !== null) await this.ctx.storage.setAlarm(Math.max(at, Date.now()));
  }
}
