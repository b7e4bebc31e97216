import { DurableObject } from "cloudflare:workers";
import { createServices } from "../worker/services";
import type { Network } from "../worker/db/network-wall";
import type { PriceDrop, Queued } from "../worker/domain/deal-alerts";
import type { Delivery, DeliveryOutcome } from "../worker/domain/notifications/notify";
import { DELIVERIES_PER_RUN } from "../worker/domain/outbox";

type Pending = { delivery: Delivery; failures: number };

/**
 * What the object is told when its post is created or changed: match the post (and, after lowered prices, tell
 * of the drops), read through the wall of the network the post was written in.
 */
export type MatchTask = { postId: string; network?: Network; drops?: PriceDrop[] };
/** `told`: which tell this is, so a run crosses off only the tell it read, never one that came during it. */
type StoredMatch = MatchTask & { failures: number; told: string };

/**
 * One stored task per kind of work: a second tell before the alarm matched is the same work (the matching reads
 * the post as it is then), and price drops are told apart by the prices they lowered.
 */
const matchKey = ({ drops }: MatchTask) =>
  drops?.length
    ? `match:drops:${drops
        .map((d) => `${d.vehicleId}@${d.newCents}`)
        .sort()
        .join(",")}`
    : "match:alerts";

/** Milliseconds past any date JavaScript can hold: `LATEST - newest` sorts newest first as a fixed-width string. */
const LATEST = 9_000_000_000_000_000;

/** The storage key: newest first, then the delivery's own key, so the same delivery stored twice is one entry. */
export const pendingKey = ({ delivery, newest }: Queued) =>
  `pending:${String(LATEST - (newest ?? 0)).padStart(16, "0")}:${delivery.key}`;

/**
 * Deliveries per alarm: as many as the courier sends in one run. A batch costs the same few statements and one
 * courier wake whatever its size, while every extra alarm costs its own statements, wake and courier run, so a
 * national listing's alerts (57 requesters for a Silverado) are one alarm and their e-mails one courier run.
 */
export const FANOUT_BATCH = DELIVERIES_PER_RUN;
const MAX_FAILURES = 5;
const PUT_KEYS_PER_CALL = 128;

/**
 * DealAlertFanout: one per post, for the alerts its matches send other dealers. Told of the post before its
 * answer (`match`), it finds the matches on its own alarm, away from the isolate that answered, so a worker that
 * dies after answering loses no alert. The deliveries are stored here first, then delivered in batches driven
 * by alarms: in the app over each recipient's DealerInbox, by e-mail and text through the outbox. A delivery is
 * removed only after it is done, and doing it twice stores nothing twice (the notification and outbox keys), so a
 * restart mid-fan-out loses and repeats nothing.
 */
export class DealAlertFanout extends DurableObject<Env> {
  /**
   * RPC: stores the deliveries (one per key, whatever was stored before) and starts delivering at once, newest
   * first: storage lists keys in order, and each batch takes the first FANOUT_BATCH.
   */
  async enqueue(queued: Queued[]): Promise<number> {
    const stored = await this.store(queued);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
    return stored;
  }

  /**
   * Stores the deliveries without setting an alarm: what the alarm's own matching stores, which the same run
   * delivers, setting the next alarm itself if any is left (waking here was an empty second run after each post).
   */
  private async store(queued: Queued[]): Promise<number> {
    const entries = queued.map(
      (item) => [pendingKey(item), { delivery: item.delivery, failures: 0 } satisfies Pending] as const,
    );
    for (let i = 0; i < entries.length; i += PUT_KEYS_PER_CALL) {
      await this.ctx.storage.put(Object.fromEntries(entries.slice(i, i + PUT_KEYS_PER_CALL)));
    }
    return entries.length;
  }

  /** RPC: remembers to match the post and starts at once; the alarm does the work. */
  async match(task: MatchTask): Promise<void> {
    const told = crypto.randomUUID();
    await this.ctx.storage.put(matchKey(task), { ...task, failures: 0, told } satisfies StoredMatch);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  async alarm() {
    const unmatched = await this.matchStored();
    const { remaining, failed } = await this.deliverBatch();
    // A failed delivery or matching stays stored: try again a little later rather than at once.
    if (unmatched.left > 0 || remaining > 0)
      await this.ctx.storage.setAlarm(Date.now() + (failed > 0 || unmatched.failed > 0 ? 5_000 : 0));
  }

  /**
   * Matches what it was told, storing the deliveries here for the alarm that runs it to deliver; a task is
   * crossed off once its deliveries are stored.
   * Matching again stores nothing twice: alerts already delivered are skipped by their notification keys, and
   * pending ones are stored under the same key. A task told again while it ran (the post edited meanwhile)
   * stays, to match the post as it is now. Answers how many tasks are left, and how many of them failed.
   */
  async matchStored(): Promise<{ left: number; failed: number }> {
    const tasks = await this.ctx.storage.list<StoredMatch>({ prefix: "match:" });
    let left = 0;
    let failed = 0;
    for (const [key, task] of tasks) {
      const { dealAlerts } = createServices(this.env, {
        network: () => task.network,
        storeDeliveries: (queued) => this.store(queued),
      });
      const toldAgain = async () => (await this.ctx.storage.get<StoredMatch>(key))?.told !== task.told;
      try {
        if (task.drops?.length) await dealAlerts.alertPriceDrops(task.postId, task.drops);
        else await dealAlerts.alertForPost(task.postId);
        if (await toldAgain()) left += 1;
        else await this.ctx.storage.delete(key);
      } catch (error) {
        console.error(`Deal alerts for post ${task.postId} failed (${task.failures + 1})`, error);
        if (await toldAgain()) left += 1;
        else if (task.failures + 1 >= MAX_FAILURES) await this.ctx.storage.delete(key);
        else {
          await this.ctx.storage.put(key, { ...task, failures: task.failures + 1 });
          left += 1;
          failed += 1;
        }
      }
    }
    return { left, failed };
  }

  /**
   * One batch: up to FANOUT_BATCH pending deliveries, delivered together (a few statements for the whole batch,
   * not a few per dealer), each removed once done. Answers what is left.
   */
  async deliverBatch(): Promise<{ delivered: number; failed: number; remaining: number }> {
    const batch = [...(await this.ctx.storage.list<Pending>({ prefix: "pending:", limit: FANOUT_BATCH }))];
    const { notifications } = createServices(this.env);
    const deliverEach = (entries: typeof batch) =>
      notifications.deliverAll(entries.map(([, pending]) => pending.delivery));
    let outcomes: DeliveryOutcome[];
    try {
      outcomes = await deliverEach(batch);
    } catch (error) {
      if (batch.length === 1) outcomes = [{ status: "failed", error }];
      // One delivery may be what the batch's store refused: each on its own, so the others go on and only it
      // counts a failure. Whatever the failed try stored is found stored again, never doubled (the keys).
      else {
        console.error(`Fan-out batch of ${batch.length} failed; delivering each on its own`, error);
        outcomes = await Promise.all(
          batch.map(async (entry) =>
            deliverEach([entry]).then(
              ([outcome]) => outcome!,
              (alone: unknown) => ({ status: "failed", error: alone }) as const,
            ),
          ),
        );
      }
    }
    const done: string[] = [];
    const failures: Record<string, Pending> = {};
    for (const [i, [key, pending]] of batch.entries()) {
      const outcome = outcomes[i]!;
      if (outcome.status !== "failed") {
        done.push(key);
        continue;
      }
      console.error(`Fan-out ${pending.delivery.key} failed (${pending.failures + 1})`, outcome.error);
      if (pending.failures + 1 >= MAX_FAILURES) done.push(key);
      else failures[key] = { ...pending, failures: pending.failures + 1 };
    }
    if (done.length > 0) await this.ctx.storage.delete(done);
    if (Object.keys(failures).length > 0) await this.ctx.storage.put(failures);
    const failed = outcomes.filter((o) => o.status === "failed").length;
    return { delivered: batch.length - failed, failed, remaining: await this.pendingCount() };
  }

  /** How many deliveries wait (tests, health). */
  async pendingCount(): Promise<number> {
    return (await this.ctx.storage.list({ prefix: "pending:" })).size;
  }
}
