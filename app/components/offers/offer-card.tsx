import { Link } from "@remix-run/react";
import { Car, MessageSquare } from "~/components/ui/icons";
import type { Offer } from "#lib/api-types";
import { formatPriceCents } from "#lib/format";
import { Countdown } from "./countdown";
import { DisclosureSummary } from "./disclosure-summary";
import { OfferActions } from "./offer-actions";
import { otherDealerOf, priceText, statusLine, stepLine, vehicleText } from "./offer-words";
import { RelativeTime } from "~/components/ui/clock";

const STATUS_TONE: Record<Offer["status"], string> = {
  open: "bg-brand-600/15 text-brand-700 dark:text-brand-400",
  accepted: "bg-emerald-600/15 text-emerald-800 dark:text-emerald-300",
  declined: "bg-slate-500/15 text-slate-700 dark:text-slate-300",
  withdrawn: "bg-slate-500/15 text-slate-700 dark:text-slate-300",
  expired: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
};

function termsOf(offer: Offer): string[] {
  const t = offer.terms;
  return [
    t.pickupBy ? `Pick-up by ${t.pickupBy}` : "",
    t.titleStatus ? (t.titleStatus === "in-hand" ? "Title in hand" : "Title absent") : "",
    t.transport ? `${t.transport === "buyer" ? "Buyer" : "Seller"} arranges transport` : "",
  ].filter(Boolean);
}

/**
 * One offer as either dealer sees it: the vehicle first, the price on the table and whose turn it is with the
 * clock counting down, the terms, the history, the disclosures it was made on, and the dealer's moves.
 */
export function OfferCard({
  offer,
  onChange,
  highlighted = false,
}: {
  offer: Offer;
  onChange: (o: Offer) => void;
  highlighted?: boolean;
}) {
  const other = otherDealerOf(offer);
  const terms = termsOf(offer);
  return (
    <article
      id={`offer-${offer.id}`}
      data-testid="offer-card"
      data-status={offer.status}
      aria-labelledby={`offer-${offer.id}-title`}
      className={`feed-card gap-3 ${highlighted ? "ring-2 ring-brand-500" : ""}`}
    >
      <div className="flex gap-3">
        {offer.vehicle.photoUrl ? (
          <img
            src={offer.vehicle.photoUrl}
            alt=""
            className="h-20 w-28 shrink-0 rounded-md object-cover"
            loading="lazy"
          />
        ) : (
          <span
            className="flex h-20 w-28 shrink-0 items-center justify-center rounded-md bg-slate-200 dark:bg-slate-800"
            aria-hidden="true"
          >
            <Car size={28} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={`offer-${offer.id}-title`} className="text-base leading-snug font-bold break-words">
            <Link to={`/post/${offer.postId}`} className="hover:underline">
              {vehicleText(offer)}
            </Link>
          </h3>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            {offer.vehicle.askingPriceCents !== null ? (
              <span>Asking {formatPriceCents(offer.vehicle.askingPriceCents)}</span>
            ) : null}
            {offer.vehicle.mileage !== null ? (
              <span>{`${offer.vehicle.mileage.toLocaleString("en-US")} mi`}</span>
            ) : null}
          </p>
          <p className="text-sm text-muted">
            {offer.myRole === "buyer" ? "Buying from " : "Selling to "}
            <span className="font-medium text-slate-800 dark:text-slate-200">{other.name}</span>
            {other.dealershipName ? ` · ${other.dealershipName}` : ""}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-2xl font-bold text-emerald-700 dark:text-emerald-400" data-testid="offer-price">
          {priceText(offer.price)}
        </p>
        <div className="flex flex-col items-end gap-0.5">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[offer.status]}`}
            data-testid="offer-status"
          >
            {statusLine(offer)}
          </span>
          {offer.status === "open" ? <Countdown until={offer.expiresAt} /> : null}
        </div>
      </div>

      {terms.length ? (
        <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Terms">
          {terms.map((t) => (
            <li key={t} className="rounded bg-slate-200 px-2 py-0.5 dark:bg-slate-800">
              {t}
            </li>
          ))}
        </ul>
      ) : null}

      <ol
        className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3 text-sm dark:border-slate-700"
        aria-label="History"
      >
        {offer.history.map((step, i) => (
          <li key={i}>
            <span className="font-medium">{stepLine(offer, step)}</span>{" "}
            <RelativeTime at={step.at} className="text-xs text-muted" />
            {step.message ? <span className="block wrap-anywhere text-muted">“{step.message}”</span> : null}
          </li>
        ))}
      </ol>

      <details className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
        <summary className="cursor-pointer text-sm font-medium">Disclosures this offer was made on</summary>
        <div className="pt-2">
          <DisclosureSummary disclosures={offer.disclosures} />
        </div>
      </details>

      <OfferActions offer={offer} onChange={onChange} />

      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          to={`/messages?chat=${other.id}`}
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          <MessageSquare size={14} aria-hidden="true" /> Chat with {other.name}
        </Link>
        {offer.dealId ? (
          <Link
            to={`/pass-thru-sales?deal=${offer.dealId}`}
            className="font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            Open the deal in Pass Thru Sales
          </Link>
        ) : null}
      </div>
    </article>
  );
}
