import type { Database } from "../../db/client";
import { outboxCourier } from "./courier";
import { outboxEnqueuer } from "./enqueue";
import { outboxEntries } from "./entries";
import type { OutboxDeps } from "./model";

/**
 * The outbox (docs/decisions/0012-outbox-delivery.md): every e-mail, text and push is first a row in D1,
 * then delivered off the request by the OutboxCourier Durable Object's alarm, with backoff and a cap on
 * attempts. A row is claimed with a lease before it is sent, so two deliverers never send it at once, and a
 * deliverer that died mid-send leaves a lease that runs out and the row is tried again.
 */

export { DELIVERIES_PER_RUN, LEASE_MS, MAX_ATTEMPTS, REPEATABLE_PER_RUN, backoffMs } from "./courier";
export type { EnqueueInput } from "./enqueue";
export type { OutboxCategory, OutboxChannel } from "./model";

export function outboxService(db: Database, deps: OutboxDeps) {
  return { ...outboxEnqueuer(db, deps), ...outboxCourier(db, deps), ...outboxEntries(db) };
}

export type OutboxService = ReturnType<typeof outboxService>;
