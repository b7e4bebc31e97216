import { DurableObject } from "cloudflare:workers";
import { createServices } from "../worker/services";

/**
 * OutboxCourier (docs/decisions/0012-outbox-delivery.md): one object, named "outbox", whose alarm delivers
 * whatever the outbox holds that is due, then sleeps until the next message falls due. Enqueueing wakes it;
 * the daily cron wakes it too, in case a wake was lost. The D1 rows are the record; the alarm only says when
 * to look, so losing this object's state loses nothing.
 */
export class OutboxCourier extends DurableObject<Env> {
  /** RPC: deliver at `at` (or sooner, if already due sooner). */
  async wake(at: number = Date.now()): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  async alarm() {
    const next = await createServices(this.env).outbox.deliverDue();
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }
}
