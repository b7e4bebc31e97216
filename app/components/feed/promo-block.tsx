import { Link } from "@remix-run/react";
import type { Promotion } from "#lib/api-types";
import { PromotionNotice } from "./promotion-notice";
import { ArrowRight, BadgeDollarSign, Globe2, Newspaper, Sparkles } from "~/components/ui/icons";

const PROMOS = [
  {
    icon: BadgeDollarSign,
    title: "Pass Thru Sales",
    text: "Pass a unit you can't use to a dealer who can, and earn a commission when the deal closes.",
    to: "/pass-thru-sales",
    cta: "See pass-thru deals",
  },
  {
    icon: Globe2,
    title: "Dealers buying Canadian vehicles",
    text: "Find dealers who buy Canadian units and connect with them in one click.",
    to: "/find-dealers?buysCanadian=yes",
    cta: "Find dealers",
  },
  {
    icon: Sparkles,
    title: "Premium: unlimited listings",
    text: "Post without limits and get AI summaries on every listing.",
    to: "/plan-management",
    cta: "Compare plans",
  },
  {
    icon: Newspaper,
    title: "Wholesale News",
    text: "Auction results, market moves and what's selling this week.",
    to: "/wholesale-news",
    cta: "Read the news",
  },
] as const;

/**
 * The promo block, once on each page of the feed, after its PROMO_AFTER-th post: the admins' promotions for this dealer,
 * one a page in turn by page number; without any, DealerLane's own features the same way.
 */
export function PromoBlock({ page, promotions = [] }: { page: number; promotions?: Promotion[] }) {
  const promotion = promotions[page % Math.max(promotions.length, 1)];
  if (promotion) return <PromotionNotice promotion={promotion} />;
  const promo = PROMOS[page % PROMOS.length] ?? PROMOS[0];
  const Icon = promo.icon;
  return (
    <aside
      aria-label="From DealerLane"
      className="flex items-start gap-3 border-y border-brand-500/30 bg-gradient-to-r from-brand-50 to-white p-4 sm:rounded-xl sm:border dark:from-brand-600/15 dark:to-slate-900"
      data-testid="promo-block"
    >
      <span className="rounded-lg bg-brand-600 p-2 text-white">
        <Icon size={20} aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-[11px] font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
          DealerLane
        </p>
        <p className="font-semibold">{promo.title}</p>
        <p className="text-sm text-muted">{promo.text}</p>
        <Link
          to={promo.to}
          className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          {promo.cta} <ArrowRight size={14} aria-hidden="true" />
        </Link>
      </div>
    </aside>
  );
}
