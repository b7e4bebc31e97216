import type { Database } from "../../db/client";
import { outboxCourier } from "./courier";
import { outboxDealers } from "./dealers";
import { outboxEnqueuer } from "./enqueue";
import { outboxEntries } from "./entries";
import { legacyOutboxHandOff } from "./legacy";
import type { OutboxDeps } from "./model";

/**
 * The outbox (docs/decisions/0012-outbox-delivery.md): every e-mail, text and push is first a row in D1 (the
 * outbox's own database, `outboxDb`; `db` is the main one, for dealers and push devices),
 * then delivered off the request by the OutboxCourier Durable Object's alarm, with backoff and a cap on
 * attempts. A row is claimed with a lease before it is sent, so two deliverers never send it at once, and a
 * deliverer that died mid-send leaves a lease that runs out and the row is tried again.
 */

export { DELIVERIES_PER_RUN, LEASE_MS, MAX_ATTEMPTS, REPEATABLE_PER_RUN, backoffMs } from "./courier";
export type { EnqueueInput } from "./enqueue";
export type { OutboxCategory, OutboxChannel } from "./model";

export function outboxService(outboxDb: Database, db: Database, deps: OutboxDeps) {
  return {
    ...outboxEnqueuer(outboxDb, deps),
    ...outboxCourier(outboxDb, db, deps),
    ...outboxEntries(outboxDb),
    ...outboxDealers(outboxDb, db, deps),
    ...legacyOutboxHandOff(outboxDb, db),
  };
}

export type OutboxService = ReturnType<typeof outboxService>;
