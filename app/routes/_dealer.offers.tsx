import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { OfferCard } from "~/components/offers/offer-card";
import { offerApi } from "~/components/offers/offer-api";
import { useLiveOffers } from "~/components/offers/use-live-offers";
import type { Offer } from "#lib/api-types";
import { requireDealer } from "~/utils/guards.server";
import { isDomainError } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Offers · DealerLane" }];

const PAGE_SIZE = 30;
const TABS = [
  { role: undefined, label: "All" },
  { role: "selling", label: "Selling" },
  { role: "buying", label: "Buying" },
] as const;
type Role = "selling" | "buying" | undefined;

const roleOf = (value: string | null): Role =>
  value === "selling" || value === "buying" ? value : undefined;

/** Offers: the open ones (their clocks running) above the closed ones, buying and selling or one side. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const url = new URL(request.url);
  const role = roleOf(url.searchParams.get("role"));
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const offers = context.services.offers;
  const [open, closed] = await Promise.all([
    offers.list(viewer.dealer.id, { role, status: "open", limit: 100 }),
    offers
      .list(viewer.dealer.id, { role, status: "closed", cursor, limit: PAGE_SIZE })
      // A stale or mangled cursor in the address shows the first page rather than an error.
      .catch((error: unknown) => {
        if (!isDomainError(error) || error.status !== 400) throw error;
        return offers.list(viewer.dealer.id, { role, status: "closed", limit: PAGE_SIZE });
      }),
  ]);
  return {
    role: role ?? null,
    open: open.items,
    closed: closed.items,
    nextCursor: closed.nextCursor,
    me: viewer.dealer.id,
  };
}

export default function Offers() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const wanted = params.get("offer");
  const fits = useCallback(
    (offer: Offer) =>
      offer.status === "open" &&
      (data.role === null || (data.role === "buying") === (offer.myRole === "buyer")),
    [data.role],
  );
  const live = useLiveOffers(data.open, fits);
  const [extra, setExtra] = useState<Offer | null>(null);
  const all = [...live.offers, ...data.closed];
  // A closed offer answered live moves below; the lists are split again on every change.
  const open = live.offers.filter((o) => o.status === "open");
  const closed = [
    ...live.offers.filter((o) => o.status !== "open"),
    ...data.closed.filter((c) => !live.offers.some((o) => o.id === c.id)),
  ];

  // ?offer= (from a notification or a chat card) shows that offer, fetched when it is not on this page.
  useEffect(() => {
    if (!wanted) return;
    const target = document.getElementById(`offer-${wanted}`);
    if (target) {
      target.scrollIntoView({ block: "center" });
      return;
    }
    if (!all.some((o) => o.id === wanted)) offerApi.get(wanted).then(setExtra, () => setExtra(null));
    // Once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, extra]);

  const put = (offer: Offer) => {
    if (extra?.id === offer.id) setExtra(offer);
    live.put(offer);
  };
  const card = (offer: Offer) => (
    <OfferCard key={offer.id} offer={offer} onChange={put} highlighted={offer.id === wanted} />
  );

  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <header>
        <h1 className="text-2xl font-bold">Offers</h1>
        <p className="text-sm text-muted">Your offers and the offers on your vehicles, with their clocks.</p>
      </header>
      <nav aria-label="Which offers" className="flex gap-2">
        {TABS.map((tab) => {
          const current = (tab.role ?? null) === data.role;
          return (
            <Link
              key={tab.label}
              to={tab.role ? `?role=${tab.role}` : "."}
              aria-current={current ? "page" : undefined}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ${
                current
                  ? "bg-brand-600 text-white"
                  : "bg-slate-200 text-slate-800 hover:bg-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      {extra && !all.some((o) => o.id === extra.id) ? card(extra) : null}
      <section aria-labelledby="open-offers" className="flex flex-col gap-3">
        <h2 id="open-offers" className="text-lg font-semibold">
          Open <span className="text-sm font-normal text-muted">({open.length})</span>
        </h2>
        {open.length === 0 ? (
          <p className="text-sm text-muted">
            No open offers. Make one with <strong>Make offer</strong> on a listing in the feed.
          </p>
        ) : (
          open.map(card)
        )}
      </section>
      <section aria-labelledby="closed-offers" className="flex flex-col gap-3">
        <h2 id="closed-offers" className="text-lg font-semibold">
          Closed
        </h2>
        {closed.length === 0 ? (
          <p className="text-sm text-muted">Accepted, declined, withdrawn and expired offers show here.</p>
        ) : (
          closed.map(card)
        )}
        {data.nextCursor ? (
          <Link
            to={`?${new URLSearchParams({ ...(data.role ? { role: data.role } : {}), cursor: data.nextCursor })}`}
            className="self-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            Older offers
          </Link>
        ) : null}
      </section>
    </div>
  );
}
