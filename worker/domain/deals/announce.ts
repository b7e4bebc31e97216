import type { OutboxReceipt } from "#lib/schemas/notifications";
import { sql } from "drizzle-orm";
import { formatDollars } from "#lib/format";
import type { InboxFrame } from "#lib/realtime";
import type { Database } from "../../db/client";
import type { DeliveryResult, Delivery } from "../notifications/notify";
import type { DealEvent } from ".";
import { signaturesOf } from "./signing";
import { DEAL_COLUMNS, DEAL_JOINS, sellerNameOf, stepsOf, toDeal, vehicleName, type DealRow } from "./views";

type AnnounceDeps = {
  deliver: (delivery: Delivery) => Promise<DeliveryResult>;
  push: (dealerId: string, frame: InboxFrame) => Promise<void>;
};

const partiesOf = (row: DealRow) => [
  ...new Set([row.proposerId, row.counterpartyId].filter((id): id is string => Boolean(id))),
];

const nameOf = (row: DealRow, dealerId: string | null) =>
  dealerId === row.proposerId
    ? row.proposerName
    : dealerId === row.counterpartyId
      ? row.counterpartyName
      : null;

/**
 * What each deal event tells the deal's two dealers: a live 'deal' frame on every open tab of both (the
 * pending dialog, the lists), and in the notification centre — with its e-mail and text through the outbox, as
 * the "Deal confirmations" switch allows — the dealer who did not act. A completed deal tells both (the Bill of
 * Sale is rendered when asked for, and stored once both have signed it).
 */
export function dealAnnouncements(db: Database, deps: AnnounceDeps) {
  async function rowOf(dealId: string): Promise<DealRow | undefined> {
    const [row] = await db.all<DealRow>(
      sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS} where d.id = ${dealId}`,
    );
    return row;
  }

  /** The deal, live on every open tab of both dealers (the pending dialog, the lists). */
  async function showLive(event: DealEvent, row: DealRow) {
    const steps = (await stepsOf(db, [row.id])).get(row.id);
    await Promise.allSettled(
      partiesOf(row).map((id) => deps.push(id, { type: "deal", event, deal: toDeal(row, id, steps) })),
    );
  }

  function completionDelivery(row: DealRow, dealerId: string): Delivery {
    const other = dealerId === row.proposerId ? row.counterpartyName : row.proposerName;
    return {
      key: `deal-completed:${row.id}:${dealerId}`,
      dealerId,
      type: "deal",
      title: `Deal completed: ${vehicleName(row)}`,
      body: `Your deal${other ? ` with ${other}` : ""} for the ${vehicleName(row)} at ${formatDollars(row.priceCents)} is complete. The Bill of Sale is ready to sign and download in Pass Thru Sales.`,
      link: `/pass-thru-sales?deal=${row.id}`,
      action: "Open Pass Thru Sales",
      details: [
        { label: "VIN", value: row.vin ?? "" },
        { label: "Price", value: formatDollars(row.priceCents) },
        { label: "Seller", value: sellerNameOf(row) },
        ...(row.location ? [{ label: "Location", value: row.location }] : []),
      ],
    };
  }

  function eventDelivery(event: DealEvent, row: DealRow, actorId: string): Delivery | null {
    const actor = nameOf(row, actorId) ?? "A dealer";
    const vehicle = vehicleName(row);
    const price = formatDollars(row.priceCents);
    const to = partiesOf(row).find((id) => id !== actorId);
    if (!to) return null;
    const base = { key: `deal-${event}:${row.id}`, dealerId: to, type: "deal" as const };
    const link =
      event === "confirmed" ? `/pass-thru-sales?deal=${row.id}` : `/pass-thru-sales?deal=${row.id}`;
    switch (event) {
      case "proposed":
        return {
          ...base,
          title: `${actor} proposed a deal: ${vehicle}`,
          body: `${actor} proposed a deal on the ${vehicle} at ${price}. Confirm it, or review it later.`,
          link,
          action: "Review the deal",
          details: [
            { label: "Price", value: price },
            { label: "VIN", value: row.vin ?? "not given yet" },
          ],
        };
      case "confirmed":
        return {
          ...base,
          title: `${actor} confirmed your deal: ${vehicle}`,
          body: `${actor} confirmed the deal on the ${vehicle} at ${price}. It is in your Pass Thru Sales.`,
          link,
          action: "Open Pass Thru Sales",
        };
      case "declined":
        return {
          ...base,
          title: `${actor} declined your deal: ${vehicle}`,
          body: `${actor} declined the deal on the ${vehicle} at ${price}.`,
          link: null,
        };
      case "withdrawn":
        return {
          ...base,
          title: `${actor} withdrew a deal: ${vehicle}`,
          body: `${actor} withdrew the deal on the ${vehicle} at ${price}.`,
          link: null,
        };
      case "signed": {
        const both = signaturesOf(row).length >= 2;
        return {
          ...base,
          key: `deal-signed:${row.id}:${actorId}:${signaturesOf(row).length}`,
          title: both
            ? `Bill of Sale signed by both: ${vehicle}`
            : `${actor} signed the Bill of Sale: ${vehicle}`,
          body: both
            ? `${actor} signed the Bill of Sale for the ${vehicle} at ${price}. It is signed by both dealers; download it in Pass Thru Sales.`
            : `${actor} signed the Bill of Sale for the ${vehicle} at ${price}. Review it and sign in Pass Thru Sales.`,
          link,
          action: both ? "Download the Bill of Sale" : "Sign the Bill of Sale",
        };
      }
      default:
        return null;
    }
  }

  return {
    /**
     * An admin approved or rejected the deal: both dealers' open tabs get the deal again ('updated')
     * and both are notified, with the admin's note.
     */
    async reviewed(dealId: string): Promise<void> {
      const row = await rowOf(dealId);
      if (!row || row.reviewStatus === "unreviewed") return;
      const steps = (await stepsOf(db, [dealId])).get(dealId);
      const vehicle = vehicleName(row);
      const approved = row.reviewStatus === "approved";
      await Promise.allSettled(
        partiesOf(row).map((id) =>
          deps.push(id, { type: "deal", event: "updated", deal: toDeal(row, id, steps) }),
        ),
      );
      for (const id of partiesOf(row))
        await deps.deliver({
          key: `deal-review:${row.id}:${row.reviewedAt ?? 0}:${id}`,
          dealerId: id,
          type: "deal",
          title: approved ? `Deal approved: ${vehicle}` : `Deal rejected: ${vehicle}`,
          body: `DealerLane ${approved ? "approved" : "rejected"} the deal on the ${vehicle} at ${formatDollars(row.priceCents)}.${
            row.reviewNotes ? ` Note: ${row.reviewNotes}` : ""
          }`,
          link: `/pass-thru-sales?deal=${row.id}`,
          action: "Open Pass Thru Sales",
        });
    },

    /**
     * A deal an accepted offer made: both dealers' open tabs get it. The offer's own notice ("accepted … the deal
     * is confirmed") is what tells the dealer, so nothing is delivered twice.
     */
    async showConfirmed(dealId: string): Promise<void> {
      const row = await rowOf(dealId);
      if (row) await showLive("confirmed", row);
    },

    async announce(event: DealEvent, dealId: string, actorId: string): Promise<void> {
      const current = await rowOf(dealId);
      if (!current) return;
      await showLive(event, current);
      if (event === "completed") {
        for (const id of partiesOf(current)) await deps.deliver(completionDelivery(current, id));
        return;
      }
      const delivery = eventDelivery(event, current, actorId);
      if (delivery) await deps.deliver(delivery);
    },

    /**
     * POST /api/notifications/deal-completion: the completed deal's notices and e-mails for both dealers.
     * The same keys as at completion, so a repeat stores and sends nothing twice. Answers the caller's e-mails.
     */
    async completionNotices(row: DealRow, callerId: string) {
      const outbox: (OutboxReceipt & { channel: "email" | "sms" })[] = [];
      for (const id of partiesOf(row)) {
        const result = await deps.deliver(completionDelivery(row, id));
        if (id === callerId && result.status === "delivered") outbox.push(...result.outbox);
      }
      return { dealId: row.id, outbox };
    },
  };
}
