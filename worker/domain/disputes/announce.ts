import { formatDollars } from "#lib/format";
import { DISPUTE_REASON_LABELS } from "#lib/schemas/disputes";
import type { Delivery } from "../notifications/notify";
import { vehicleName } from "../deals/views";
import type { DisputeRow } from "./views";

export type DisputeStep = "opened" | "answered" | "decided";

type AnnounceDeps = { deliver: (delivery: Delivery) => Promise<unknown> };

const nameOf = (name: string | null, dealership: string | null) =>
  [name, dealership].filter(Boolean).join(", ") || "The other dealer";

/**
 * What each step of a dispute tells the deal's two dealers: in the bell, by e-mail, text and push as their
 * "Deal confirmations" switch allows, each with the dispute's deal to open in Pass Thru Sales.
 */
export function disputeAnnouncements(deps: AnnounceDeps) {
  function deliveries(step: DisputeStep, row: DisputeRow): Delivery[] {
    const vehicle = vehicleName(row);
    const buyer = nameOf(row.buyerName, row.buyerDealership);
    const seller = nameOf(row.sellerName, row.sellerDealership);
    const reason = DISPUTE_REASON_LABELS[row.reason];
    const base = (dealerId: string) => ({
      key: `dispute-${step}:${row.id}:${dealerId}`,
      dealerId,
      type: "deal" as const,
      link: `/pass-thru-sales?deal=${row.dealId}`,
      action: "Open the dispute",
      details: [
        { label: "Vehicle", value: vehicle },
        { label: "Price", value: formatDollars(row.priceCents) },
        { label: "Reason", value: reason },
      ],
    });
    switch (step) {
      case "opened":
        return [
          {
            ...base(row.sellerId),
            title: `${buyer} opened a dispute: ${vehicle}`,
            body: `${buyer} opened a dispute on the ${vehicle} (${reason}): "${row.description}". Answer it in Pass Thru Sales; DealerLane decides after reading both sides.`,
          },
          {
            ...base(row.buyerId),
            title: `Dispute opened: ${vehicle}`,
            body: `Your dispute on the ${vehicle} (${reason}) was sent to ${seller}. We will tell you when they answer and when DealerLane decides.`,
          },
        ];
      case "answered":
        return [
          {
            ...base(row.buyerId),
            title: `${seller} answered your dispute: ${vehicle}`,
            body: `${seller} answered your dispute on the ${vehicle}: "${row.answer ?? ""}". DealerLane decides next.`,
          },
          {
            ...base(row.sellerId),
            title: `Answer sent: ${vehicle}`,
            body: `Your answer to the dispute on the ${vehicle} was sent to ${buyer}. DealerLane decides next.`,
          },
        ];
      case "decided": {
        const winner = row.prevails === "buyer" ? `the buyer, ${buyer}` : `the seller, ${seller}`;
        const notes = row.decisionNotes ? ` Note: ${row.decisionNotes}` : "";
        return [row.buyerId, row.sellerId].map((dealerId) => ({
          ...base(dealerId),
          title: `Dispute decided: ${vehicle}`,
          body: `DealerLane decided the dispute on the ${vehicle} for ${winner}.${notes}`,
        }));
      }
    }
  }

  return {
    async announce(step: DisputeStep, row: DisputeRow): Promise<void> {
      for (const delivery of deliveries(step, row)) await deps.deliver(delivery);
    },
  };
}

export type DisputeAnnouncements = ReturnType<typeof disputeAnnouncements>;
