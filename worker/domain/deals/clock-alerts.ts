import { sql } from "drizzle-orm";
import { formatDollars } from "#lib/format";
import { alertDay, shortDate, type ClockName } from "#lib/deals/clocks";
import type { InboxFrame } from "#lib/realtime";
import type { Database } from "../../db/client";
import type { Delivery, DeliveryResult } from "../notifications/notify";
import { clocksOf } from "./clock-views";
import type { ClockChange } from "./clocks";
import {
  DEAL_COLUMNS,
  DEAL_JOINS,
  stepsOf,
  titleReceivedAtOf,
  toDeal,
  vehicleName,
  type DealRow,
} from "./views";

type AlertDeps = {
  deliver: (delivery: Delivery) => Promise<DeliveryResult>;
  push: (dealerId: string, frame: InboxFrame) => Promise<void>;
};

/** Deals the daily run looks at, oldest sale first: more than this waits for the next day. */
const LATE_SCAN_LIMIT = 2000;

const link = (dealId: string) => `/pass-thru-sales?deal=${dealId}`;
const partiesOf = (row: DealRow) => [row.sellerId, row.buyerId].filter((id): id is string => Boolean(id));
const otherOf = (row: DealRow, dealerId: string) => (dealerId === row.sellerId ? row.buyerId : row.sellerId);
const nameOf = (row: DealRow, dealerId: string) =>
  (dealerId === row.sellerId ? row.sellerDealerName : row.buyerDealerName) ?? "The other dealer";

/** What one change says to the dealer who did not act (both dealers, when a deal is unwound). */
function changeText(row: DealRow, actorId: string, change: ClockChange): { title: string; body: string } {
  const actor = nameOf(row, actorId);
  const vehicle = vehicleName(row);
  switch (change.kind) {
    case "title-in-hand":
      return {
        title: `Title in hand: ${vehicle}`,
        body: `${actor} has the title for the ${vehicle}: it is due at the buyer within 5 business days of the sale.`,
      };
    case "due-date-proposed":
      return {
        title: `New ${change.clock} due date proposed: ${vehicle}`,
        body: `${actor} proposes ${shortDate(change.dueAt)} as the ${change.clock} due date for the ${vehicle}. Accept it in Pass Thru Sales.`,
      };
    case "due-date-agreed":
      return {
        title: `${change.clock === "title" ? "Title" : "Payment"} due date agreed: ${vehicle}`,
        body: `${actor} accepted ${shortDate(change.dueAt)} as the ${change.clock} due date for the ${vehicle}.`,
      };
    case "payment-sent":
      return {
        title: `Payment sent: ${vehicle}`,
        body: `${actor} sent ${formatDollars(row.priceCents)} for the ${vehicle}. Confirm it in Pass Thru Sales once it arrives.`,
      };
    case "payment-received":
      return {
        title: `Payment received: ${vehicle}`,
        body: `${actor} confirmed receiving ${formatDollars(row.priceCents)} for the ${vehicle}.`,
      };
    case "unwind-asked":
      return {
        title: `Asked to unwind: ${vehicle}`,
        body: `${actor} asks to unwind the deal on the ${vehicle}: the title has not arrived. Agree or decline in Pass Thru Sales.`,
      };
    case "unwind-declined":
      return {
        title: `Unwind declined: ${vehicle}`,
        body: `${actor} declined to unwind the deal on the ${vehicle}.`,
      };
    case "unwound":
      return {
        title: `Deal unwound: ${vehicle}`,
        body: `The deal on the ${vehicle} at ${formatDollars(row.priceCents)} is unwound: the title never came. The vehicle is listed again.`,
      };
  }
}

function lateText(row: DealRow, dealerId: string, clock: ClockName, dueAt: string, days: number) {
  const vehicle = vehicleName(row);
  const late = `${days} day${days === 1 ? "" : "s"} late`;
  const due = shortDate(Date.parse(dueAt));
  const seller = dealerId === row.sellerId;
  if (clock === "title")
    return {
      title: `Title late: ${vehicle}`,
      body: `The title for the ${vehicle} was due at the buyer on ${due} and is ${late}. ${
        seller
          ? "Send it, then mark it in Pass Thru Sales."
          : "Mark it received in Pass Thru Sales once it arrives."
      }`,
    };
  return {
    title: `Payment late: ${vehicle}`,
    body: `Payment of ${formatDollars(row.priceCents)} for the ${vehicle} was due on ${due} and is ${late}: not confirmed received yet. ${
      seller
        ? "Confirm it in Pass Thru Sales once it arrives."
        : "Send it, then mark it sent in Pass Thru Sales."
    }`,
  };
}

/** What the clocks tell: each change to the other dealer, and the daily alerts of late titles and payments. */
export function dealClockAlerts(db: Database, deps: AlertDeps) {
  const rowOf = async (dealId: string) =>
    (await db.all<DealRow>(sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS} where d.id = ${dealId}`))[0];

  return {
    /** A change: the deal live on both dealers' tabs, and the bell (e-mail, text, push) for the other one. */
    async announce(dealId: string, actorId: string, change: ClockChange, at: number): Promise<void> {
      const row = await rowOf(dealId);
      if (!row) return;
      const steps = (await stepsOf(db, [dealId])).get(dealId);
      await Promise.allSettled(
        partiesOf(row).map((id) =>
          deps.push(id, { type: "deal", event: "updated", deal: toDeal(row, id, steps) }),
        ),
      );
      const to = change.kind === "unwound" ? partiesOf(row) : [otherOf(row, actorId)].filter(Boolean);
      for (const dealerId of to as string[])
        await deps.deliver({
          key: `deal-clock:${change.kind}:${dealId}:${at}:${dealerId}`,
          dealerId,
          type: "deal",
          ...changeText(row, actorId, change),
          link: link(dealId),
          action: "Open Pass Thru Sales",
        });
    },

    /**
     * The daily run: every late title (not received) and unconfirmed late payment alerts both dealers, once per
     * deal, clock and day (the key), so a second run the same day sends nothing. Reads through the wall of the
     * network it is given. Answers how many alerts were delivered.
     */
    async alertLate(now = Date.now()): Promise<number> {
      const rows = await db.all<DealRow>(sql`
        select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS}
        where d.status in ('confirmed', 'completed') and d.seller_id is not null and d.buyer_id is not null
          and d.confirmed_at is not null and d.confirmed_at < ${now}
          and (k.payment_received_at is null or not exists (
            select 1 from pass_thru_steps t where t.deal_id = d.id and t.step = 'titleStatus' and t.value = 'received'))
        order by d.confirmed_at limit ${LATE_SCAN_LIMIT}`);
      const steps = await stepsOf(
        db,
        rows.map((r) => r.id),
      );
      const day = alertDay(now);
      let sent = 0;
      for (const row of rows) {
        const clocks = clocksOf(row, row.sellerId ?? "", titleReceivedAtOf(steps.get(row.id) ?? []), now);
        const late = (["title", "payment"] as const).flatMap((clock) => {
          const state = clocks[clock];
          return state && state.status === "late" ? [{ clock, state }] : [];
        });
        for (const { clock, state } of late)
          for (const dealerId of partiesOf(row)) {
            const result = await deps.deliver({
              key: `deal-late:${clock}:${row.id}:${day}:${dealerId}`,
              dealerId,
              type: "deal-deadline",
              ...lateText(row, dealerId, clock, state.dueAt, state.lateDays),
              link: link(row.id),
              action: "Open Pass Thru Sales",
            });
            if (result.status === "delivered" && result.created) sent += 1;
          }
      }
      return sent;
    },
  };
}
