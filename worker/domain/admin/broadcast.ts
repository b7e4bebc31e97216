import { sql } from "drizzle-orm";
import type { AnnouncementInput } from "#lib/admin";
import type { Database } from "../../db/client";
import { removeDemoAccounts, type DemoStores } from "../demo/cleanup";
import { newId } from "../shared/ids";
import type { Delivery } from "../notifications/notify";
import type { AdminActor, AuditTrail } from "./audit";

type BroadcastDeps = {
  audit: AuditTrail;
  /** The deal-alert fan-out (a Durable Object per batch): stored, then delivered by alarm, live to open inboxes. */
  fanout: (batchName: string, deliveries: Delivery[]) => Promise<void>;
} & DemoStores;

/** The console's network-wide actions: announcements and clearing the demo's data. */
export function adminBroadcast(db: Database, deps: BroadcastDeps) {
  return {
    /**
     * Send an announcement to every dealer, or to the dealers of one plan in force: an `announcement`
     * notification in each bell, pushed live to every open inbox. Suspended and deleted accounts are skipped.
     */
    async announce(actor: AdminActor, input: AnnouncementInput, now = Date.now()) {
      const plan =
        input.audience === "all"
          ? sql``
          : sql`and exists (select 1 from subscriptions s where s.dealer_id = d.id and s.plan_id = ${input.audience}
              and s.status in ('active', 'trialing', 'past_due')
              and (s.current_period_end is null or s.current_period_end > ${now}))`;
      const recipients = await db.all<{ id: string }>(sql`
        select d.id from dealers d join accounts a on a.id = d.account_id
        where a.suspended_at is null and d.deleted_at is null ${plan}`);
      const id = newId();
      const deliveries: Delivery[] = recipients.map((r) => ({
        key: `announcement:${id}:${r.id}`,
        dealerId: r.id,
        type: "announcement",
        title: input.title,
        body: input.message,
        link: null,
      }));
      if (deliveries.length) await deps.fanout(`announcement-${id}`, deliveries);
      await deps.audit.record(actor, {
        action: "announcement.send",
        recordType: "announcement",
        recordId: id,
        before: null,
        after: { ...input, recipients: deliveries.length },
      });
      return { audience: input.audience, recipients: deliveries.length };
    },

    /**
     * POST /api/admin/clear-data: what the demo made, and nothing else. Every throwaway demo account goes now
     * with everything it wrote and its photos in R2 (the daily cron's path, without the 7 days), and every
     * deal a demo dealer is part of (the seeded network has none). Real dealers' rows are never touched: each
     * delete is keyed on `is_demo` or `demo_expires_at`.
     */
    async clearDemoData(actor: AdminActor, now = Date.now()) {
      const removedAccounts = await removeDemoAccounts(db, deps, Number.MAX_SAFE_INTEGER);
      const removed = await db.all<{ id: string }>(sql`
        delete from deals where exists (
          select 1 from dealers x where x.is_demo = 1
            and x.id in (deals.proposer_id, deals.counterparty_id, deals.seller_id, deals.buyer_id))
        returning id`);
      const receipt = { removedAccounts, removedDeals: removed.length };
      await deps.audit.record(
        actor,
        {
          action: "data.clear",
          recordType: "demo-network",
          recordId: null,
          before: null,
          after: receipt,
        },
        now,
      );
      return receipt;
    },
  };
}
