import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useInboxFrames } from "~/components/chat/inbox-context";
import { BadgeDollarSign } from "~/components/ui/icons";
import type { ChatOfferCard, Offer } from "#lib/api-types";
import { OFFER_ACTION_WORDS } from "#lib/schemas/offer-constants";
import { Countdown } from "./countdown";
import { offerApi } from "./offer-api";
import { OfferActions } from "./offer-actions";
import { priceText, statusLine } from "./offer-words";

/** "You offered $29,000" / "Dana countered at $30,500" / "The clock ran out". */
function cardLine(card: ChatOfferCard, who: string): string {
  if (card.action === "expired") return "The clock ran out";
  const price =
    card.price !== null &&
    (card.action === "offered" || card.action === "countered" || card.action === "accepted");
  return `${who} ${OFFER_ACTION_WORDS[card.action]}${price ? ` ${card.action === "countered" ? "at " : ""}${priceText(card.price!)}` : ""}`;
}

/**
 * A step of an offer as a card in the two dealers' chat. The latest card of an offer is live: it reads the
 * offer, follows it on the inbox socket and carries the moves (accept, counter, decline, withdraw) in place.
 */
export function OfferChatCard({
  card,
  own,
  peerName,
  live,
}: {
  card: ChatOfferCard;
  own: boolean;
  peerName: string;
  live: boolean;
}) {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    if (!live) return;
    let current = true;
    offerApi.get(card.offerId).then(
      (o) => current && setOffer(o),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [live, card.offerId]);
  useInboxFrames((frame) => {
    if (live && frame.type === "offer" && frame.offer.id === card.offerId) setOffer(frame.offer);
  });

  return (
    <div
      data-testid="offer-chat-card"
      data-action={card.action}
      className="flex w-[min(22rem,80vw)] flex-col gap-2 rounded-2xl border border-brand-500/40 bg-white p-3 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        <BadgeDollarSign size={14} aria-hidden="true" /> Offer · {card.vehicle}
      </p>
      <p className="text-base font-semibold">{cardLine(card, own ? "You" : peerName)}</p>
      {card.message ? <p className="wrap-anywhere whitespace-pre-wrap text-muted">“{card.message}”</p> : null}
      {live && offer ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            <span className="font-medium" data-testid="offer-status">
              {statusLine(offer)}
            </span>
            {offer.status === "open" ? <Countdown until={offer.expiresAt} /> : null}
          </div>
          <OfferActions offer={offer} onChange={setOffer} />
        </>
      ) : null}
      <Link
        to={`/offers?offer=${card.offerId}`}
        className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-400"
      >
        Open in Offers
      </Link>
    </div>
  );
}
