import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { OutboxDeps } from "./model";

/**
 * What the outbox does when a dealer's account changes. The outbox has a database of its own, where no foreign
 * key reaches the main database's dealers: what that key did (a held message released by its dealer's account,
 * a dealer's id forgotten when the dealer goes) is done here. `db` is the main database, `outboxDb` the outbox's.
 * Until the main database's old outbox table is handed over (legacy.ts), a release or an account's deletion
 * changes the messages left there too, so their copies arrive as they would have been.
 */
export function outboxDealers(outboxDb: Database, db: Database, deps: Pick<OutboxDeps, "wake">) {
  return {
    /** Sends what waited for this account's e-mail confirmation: its dealer's held messages join the queue. */
    async release(accountId: string, now = Date.now()): Promise<number> {
      const dealers = await db.all<{ id: string }>(
        sql`select id from dealers where account_id = ${accountId}`,
      );
      if (dealers.length === 0) return 0;
      const release = sql`
        update outbox set status = 'queued', next_attempt_at = ${now}
        where status = 'held' and dealer_id in (select value from json_each(${JSON.stringify(dealers.map((d) => d.id))}))
        returning id`;
      const [released, left] = await Promise.all([outboxDb.all(release), db.all(release)]);
      const count = released.length + left.length;
      if (count > 0) await deps.wake(now).catch((error: unknown) => console.error(error));
      return count;
    },

    /**
     * An account being deleted: nothing more is sent to its address, nor its dealer's waiting messages. Called
     * before the account goes, so a failure here leaves the account as it was rather than mail to a deleted one.
     */
    async forgetAccount(dealerId: string, email: string): Promise<void> {
      const forget = sql`
        delete from outbox
        where (dealer_id = ${dealerId} and status in ('held', 'queued')) or recipient = ${email}`;
      await Promise.all([outboxDb.run(forget), db.run(forget)]);
    },

    /** Dealers deleted from the main database: their messages stay until their period ends, with no dealer. */
    async dealersGone(dealerIds: readonly string[]): Promise<void> {
      if (dealerIds.length === 0) return;
      await outboxDb.run(sql`
        update outbox set dealer_id = null where dealer_id in (select value from json_each(${JSON.stringify(dealerIds)}))`);
    },
  };
}
