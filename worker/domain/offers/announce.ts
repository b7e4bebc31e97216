import { formatDollars } from "#lib/format";
import type { InboxFrame } from "#lib/realtime";
import type { ChatOfferCard } from "#lib/api-types";
import type { Delivery } from "../notifications/notify";
import type { OfferEvent } from ".";
import type { Database } from "../../db/client";
import { cardOf, dealerOf, historyOf, offerRowStatement, toOffer, vehicleOf, type OfferRow } from "./views";

type AnnounceDeps = {
  deliver: (delivery: Delivery) => Promise<unknown>;
  push: (dealerId: string, frame: InboxFrame) => Promise<void>;
  /** Leaves the step's card in the two dealers' chat (stored, then live in the room and both inboxes). */
  postCard: (card: {
    senderId: string;
    receiverId: string;
    clientId: string;
    content: string;
    offer: ChatOfferCard;
  }) => Promise<unknown>;
};

/** The card's line in words, for the chat list's preview and any screen that does not draw cards. */
function cardText(card: ChatOfferCard): string {
  const price = card.price === null ? "" : `$${card.price.toLocaleString("en-US")}`;
  switch (card.action) {
    case "offered":
      return `Offered ${price} for the ${card.vehicle}`;
    case "countered":
      return `Countered at ${price} for the ${card.vehicle}`;
    case "accepted":
      return `Accepted ${price} for the ${card.vehicle}: the deal is confirmed`;
    case "declined":
      return `Declined the offer on the ${card.vehicle}`;
    case "withdrawn":
      return `Withdrew the offer on the ${card.vehicle}`;
    case "expired":
      return `The clock ran out on the offer on the ${card.vehicle}`;
  }
}

/** What the dealer who did not act reads in the bell, the e-mail and the text. */
function deliveryFor(row: OfferRow, event: OfferEvent, to: string, actorName: string): Delivery {
  const vehicle = vehicleOf(row);
  const price = formatDollars(row.priceCents);
  const steps = historyOf(row);
  const last = steps[steps.length - 1];
  const note = last?.message ? ` “${last.message}”` : "";
  const base = {
    key: `offer:${row.id}:${steps.length}:${to}`,
    dealerId: to,
    type: "offer" as const,
    link: `/offers?offer=${row.id}`,
    action: "Open your offers",
    details: [
      { label: "Vehicle", value: vehicle },
      { label: "Price", value: price },
    ],
  };
  switch (event.action) {
    case "offered":
      return {
        ...base,
        title: `${actorName} offered ${price} for your ${vehicle}`,
        body: `${actorName} offered ${price} for the ${vehicle}.${note} Accept, counter or decline before the clock runs out.`,
      };
    case "countered":
      return {
        ...base,
        title: `${actorName} countered at ${price}: ${vehicle}`,
        body: `${actorName} countered at ${price} on the ${vehicle}.${note} It is your turn to answer.`,
      };
    case "accepted":
      return {
        ...base,
        title: `${actorName} accepted ${price}: ${vehicle}`,
        body: `${actorName} accepted ${price} for the ${vehicle}. The deal is confirmed and in your Pass Thru Sales.`,
        link: row.dealId ? `/pass-thru-sales?deal=${row.dealId}` : base.link,
        action: "Open Pass Thru Sales",
      };
    case "declined":
      return {
        ...base,
        title: `${actorName} declined your offer: ${vehicle}`,
        body: `${actorName} declined the offer of ${price} on the ${vehicle}.${note}`,
      };
    case "withdrawn":
      return {
        ...base,
        title: `${actorName} withdrew their offer: ${vehicle}`,
        body: `${actorName} withdrew the offer of ${price} on the ${vehicle}.`,
      };
    case "expired":
      return {
        ...base,
        title: `An offer expired: ${vehicle}`,
        body: `The clock ran out on the offer of ${price} on the ${vehicle} before it was answered.`,
      };
  }
}

/**
 * What each step of an offer tells its two dealers: the offer live on every open tab of both (an 'offer'
 * frame), a card in their chat, and — to the dealer who did not act, to both when the clock ran out — the bell,
 * with e-mail and text as the "Offers" switch allows. Keys make a repeat store and send nothing twice.
 */
export function offerAnnouncements(db: Database, deps: AnnounceDeps) {
  async function announceOne(event: OfferEvent) {
    const [row] = await offerRowStatement(db, event.offerId);
    if (!row) return;
    const card = cardOf(row);
    const parties = [row.buyerId, row.sellerId];
    await Promise.allSettled(
      parties.map((id) => deps.push(id, { type: "offer", event: event.action, offer: toOffer(row, id) })),
    );
    // The card comes from the dealer who acted; the clock's card from the side it ran out on.
    const senderId = event.actorId ?? dealerOf(row, card.by);
    const receiverId = senderId === row.buyerId ? row.sellerId : row.buyerId;
    try {
      await deps.postCard({
        senderId,
        receiverId,
        clientId: `offer-${row.id}-${historyOf(row).length}`,
        content: cardText(card),
        offer: card,
      });
    } catch (error) {
      console.error(`Offer ${row.id}: its chat card failed (the offer stands)`, error);
    }
    const names: Record<string, string> = { [row.buyerId]: row.buyerName, [row.sellerId]: row.sellerName };
    const told = event.actorId ? parties.filter((id) => id !== event.actorId) : parties;
    for (const to of told)
      await deps.deliver(
        deliveryFor(row, event, to, event.actorId ? (names[event.actorId] ?? "A dealer") : ""),
      );
  }

  return {
    async announce(events: OfferEvent[]): Promise<void> {
      for (const event of events) {
        try {
          await announceOne(event);
        } catch (error) {
          console.error(`Offer ${event.offerId} ${event.action}: telling the dealers failed`, error);
        }
      }
    },
  };
}
