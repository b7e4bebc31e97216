import { DurableObject } from "cloudflare:workers";
import { createServices } from "../worker/services";

/**
 * OfferClock: one per offer, addressed by the offer id. Its alarm fires when the offer's reply clock runs out,
 * whether or not anyone has a page open, and expires the offer. Expiring is a conditional UPDATE, so an alarm
 * that runs twice (a retry) or races an answer changes the offer at most once. A counter moves the alarm.
 */
export class OfferClock extends DurableObject<Env> {
  /** RPC: the offer's clock runs out at `expiresAt` (epoch ms); a later call moves it. */
  async set(offerId: string, expiresAt: number): Promise<void> {
    await this.ctx.storage.put("offerId", offerId);
    await this.ctx.storage.setAlarm(expiresAt);
  }

  /** RPC: when the alarm will fire next (tests, health); null when none is set. */
  async nextAt(): Promise<number | null> {
    return this.ctx.storage.getAlarm();
  }

  async alarm() {
    const offerId = await this.ctx.storage.get<string>("offerId");
    if (!offerId) return;
    const { nextAt } = await createServices(this.env).offers.expire(offerId);
    // The clock was moved by an answer the alarm did not hear of: wait for it; else this clock is done.
    if (nextAt !== null) await this.ctx.storage.setAlarm(nextAt);
    else await this.ctx.storage.deleteAll();
  }
}
