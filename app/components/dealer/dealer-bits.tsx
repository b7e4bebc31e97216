import { ShieldCheck, Star } from "~/components/ui/icons";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";
import type { DirectoryDealer, Reputation } from "#lib/api-types";
import { NEW_ON_DEALERLANE, ratingLine } from "#lib/reputation/constants";
import { toEpochMs } from "#lib/format";
import { DIRECTORY_COUNT_MOST } from "#lib/schemas/dealer-constants";

export type { DirectoryDealer };

export const DEALERSHIP_TYPE_LABELS = {
  independent: "Independent",
  franchise: "Franchise",
  wholesaler: "Wholesaler",
} as const;

export function typeLabel(type: string | null | undefined): string {
  return DEALERSHIP_TYPE_LABELS[type as keyof typeof DEALERSHIP_TYPE_LABELS] ?? "Independent";
}

const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const count = new Intl.NumberFormat("en-US");

/** "Member since Mar 2024" (the month in UTC, the same on the server and in every browser). */
export function memberSince(at: number | string): string {
  return monthYear.format(toEpochMs(at));
}

export const formatCount = (n: number) => count.format(n);

/** A directory total: the directory counts no further than DIRECTORY_COUNT_MOST, then reads "1,000+". */
export const formatDealerTotal = (n: number) =>
  n > DIRECTORY_COUNT_MOST ? `${formatCount(DIRECTORY_COUNT_MOST)}+` : formatCount(n);

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The earned rating, "4.6 · 12 reviews", or "New on DealerLane" while no review has been revealed (never a
 * made-up figure).
 */
export function Rating({
  reputation,
  className = "",
}: {
  reputation: Pick<Reputation, "rating" | "reviewCount">;
  className?: string;
}) {
  const { rating, reviewCount } = reputation;
  if (rating === null)
    return (
      <span className={`text-muted ${className}`} data-testid="rating">
        {capitalised(NEW_ON_DEALERLANE)}
      </span>
    );
  return (
    <span
      className={`inline-flex items-center gap-1 ${className}`}
      aria-label={`Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`}
      data-testid="rating"
    >
      <Star size={14} className="fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="font-semibold">{ratingLine(rating, reviewCount)}</span>
    </span>
  );
}

export function TypeBadge({ type }: { type: string }) {
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {typeLabel(type)}
    </span>
  );
}

/** An admin checked the dealer's licence and numbers. */
export function VerifiedBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
      data-testid="verified-badge"
    >
      <ShieldCheck size={12} /> Verified dealer
    </span>
  );
}

/** A fact about what the dealer buys, not a warning: a neutral outline beside the type badge. */
export function CanadianBadge() {
  return (
    <span
      className="rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-300"
      data-testid="canadian-badge"
    >
      Canadian
    </span>
  );
}

/** Green when seen in the last 5 minutes; nothing when the dealer hides their online status. */
export function OnlineDot({ dealer }: { dealer: Pick<DirectoryDealer, "isOnline" | "hidden"> }) {
  if (dealer.hidden.includes("onlineStatus")) return null;
  return (
    <span
      className={`absolute right-0 bottom-0 h-3 w-3 rounded-full border-2 border-white dark:border-slate-900 ${
        dealer.isOnline ? "bg-emerald-500" : "bg-slate-400"
      }`}
      title={dealer.isOnline ? "Online now" : "Offline"}
    >
      <span className="sr-only">{dealer.isOnline ? "Online now" : "Offline"}</span>
    </span>
  );
}

/** One figure with its label: "12 connections". */
export function Figure({ value, label, title }: { value: string | number; label: string; title?: string }) {
  return (
    <div className="min-w-0 text-center" title={title}>
      <div className="text-sm font-semibold tabular-nums">{value}</div>
      <div className="truncate text-[11px] text-muted">{label}</div>
    </div>
  );
}

/** The dealer's avatar with the online dot on its corner (`src` where the block shows their photo). */
export function DealerAvatar({
  dealer,
  size,
  src,
  className = "relative shrink-0",
}: {
  dealer: Pick<DirectoryDealer, "name" | "isOnline" | "hidden">;
  size: number;
  src?: string | null;
  className?: string;
}) {
  return (
    <span className={className}>
      <Avatar name={dealer.name} src={src} size={size} />
      <OnlineDot dealer={dealer} />
    </span>
  );
}

/** The badges every dealer block leads with: type, verified, buys Canadian vehicles. */
export function DealerBadges({
  dealer,
}: {
  dealer: Pick<DirectoryDealer, "dealershipType" | "verified" | "buysCanadianVehicles">;
}) {
  return (
    <>
      <TypeBadge type={dealer.dealershipType} />
      {dealer.verified ? <VerifiedBadge /> : null}
      {dealer.buysCanadianVehicles ? <CanadianBadge /> : null}
    </>
  );
}

/** "Austin, TX"; empty when neither is given. */
export const placeOf = (dealer: { city?: string | null; state?: string | null }) =>
  [dealer.city, dealer.state].filter(Boolean).join(", ");

/** Where Basic meets a Premium figure: what it would add, and the way to upgrade. */
export function PremiumUpsell({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-brand-500/40 bg-brand-600/10 p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{children}</p>
      <Link to="/subscribe?plan=premium" className={buttonClass("primary", "mt-3")}>
        Upgrade to Premium
      </Link>
    </section>
  );
}
