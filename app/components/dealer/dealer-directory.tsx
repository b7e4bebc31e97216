import { Link, useFetcher, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { Plus } from "~/components/ui/icons";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import type { loadDirectory } from "~/utils/dealer-directory.server";
import { DIRECTORY_COUNT_MOST } from "#lib/schemas/dealer-constants";
import { formatCount, formatDealerTotal, type DirectoryDealer } from "./dealer-bits";
import { DealerCard, type PrevCanadianBadge } from "./dealer-card";
import { DealerFilters } from "./dealer-filters";
import { DealerFormDialog } from "./dealer-form-dialog";
import { DealerQuickView } from "./on-demand";

export type DirectoryData = Awaited<ReturnType<typeof loadDirectory>>;

const PREV_CANADIAN = ["all", "sellers", "buyers"] as const;

/**
 * The dealer list screens (/find-dealers, /dealers, /my-dealers): filters, cards, Load More (a link to the
 * next page before JavaScript loads), quick view, and the create and edit dialogs where they will work.
 */
export function DealerDirectory({
  data,
  title,
  intro,
  mode,
  scopes,
  canCreate = false,
  aside,
  emptyHint,
}: {
  data: DirectoryData;
  title: string;
  intro: ReactNode;
  /** find: a connected dealer leaves the list; network: the toggle connects and disconnects in place. */
  mode: "find" | "network";
  scopes?: { value: string; label: string }[];
  canCreate?: boolean;
  aside?: ReactNode;
  emptyHint?: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const more = useFetcher<DirectoryData>();
  const [dealers, setDealers] = useState<DirectoryDealer[]>(data.page.items);
  const [nextCursor, setNextCursor] = useState<string | null>(data.page.nextCursor);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [quickView, setQuickView] = useState<string | null>(null);
  const [editing, setEditing] = useState<DirectoryDealer | null>(null);
  const [creating, setCreating] = useState(false);

  // New loader data (filters changed, or revalidation after an action): start from its first page.
  useEffect(() => {
    setDealers(data.page.items);
    setNextCursor(data.page.nextCursor);
    setHidden(new Set());
  }, [data.page]);

  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    const page = more.data.page;
    setDealers((current) => {
      const seen = new Set(current.map((d) => d.id));
      return [...current, ...page.items.filter((d) => !seen.has(d.id))];
    });
    setNextCursor(page.nextCursor);
  }, [more.data, more.state]);

  const prevParam = searchParams.get("prevCanadian");
  const prevCanadian: PrevCanadianBadge = (PREV_CANADIAN as readonly string[]).includes(prevParam ?? "")
    ? (prevParam as PrevCanadianBadge)
    : "all";

  const nextPageHref = useMemo(() => {
    if (!nextCursor) return null;
    const params = new URLSearchParams(searchParams);
    params.set("cursor", nextCursor);
    return `${location.pathname}?${params}`;
  }, [nextCursor, searchParams, location.pathname]);

  const onConnectedChange = useCallback(
    (dealer: DirectoryDealer, connected: boolean) => {
      if (mode === "find" && connected) setHidden((h) => new Set(h).add(dealer.id));
      setDealers((list) =>
        list.map((d) =>
          d.id === dealer.id
            ? {
                ...d,
                isConnected: connected,
                connectionCount: Math.max(0, d.connectionCount + (connected ? 1 : -1)),
              }
            : d,
        ),
      );
    },
    [mode],
  );
  const onSaved = useCallback(
    (saved: DirectoryDealer) => setDealers((list) => list.map((d) => (d.id === saved.id ? saved : d))),
    [],
  );
  const onQuickView = useCallback((d: DirectoryDealer) => setQuickView(d.id), []);
  const onEdit = useCallback((d: DirectoryDealer) => setEditing(d), []);

  const visible = dealers.filter((d) => !hidden.has(d.id));
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  // Above the count's cap the total reads "1,000+" whatever was hidden from it.
  const total =
    data.page.total > DIRECTORY_COUNT_MOST ? data.page.total : Math.max(0, data.page.total - hidden.size);

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 px-3 sm:px-0" aria-busy={loading}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted">{intro}</p>
        </div>
        {canCreate ? (
          <Button onClick={() => setCreating(true)}>
            <Plus size={16} /> Add Dealer
          </Button>
        ) : null}
      </div>

      {scopes ? (
        <nav
          aria-label="Which dealers"
          className="flex gap-1 rounded-lg bg-slate-200/60 p-1 dark:bg-slate-800/60"
        >
          {scopes.map((scope) => {
            const params = new URLSearchParams(searchParams);
            params.delete("cursor");
            params.set("scope", scope.value);
            const active = data.filters.scope === scope.value;
            return (
              <Link
                key={scope.value}
                to={`?${params}`}
                replace
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium ${
                  active
                    ? "bg-white shadow-sm dark:bg-slate-900"
                    : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                }`}
              >
                {scope.label}
              </Link>
            );
          })}
        </nav>
      ) : null}

      <DealerFilters filters={data.filters} prevCanadian={prevCanadian}>
        {scopes ? <input type="hidden" name="scope" value={data.filters.scope} /> : null}
      </DealerFilters>

      <div className={aside ? "flex flex-col gap-4 2xl:grid 2xl:grid-cols-[16rem_1fr]" : ""}>
        {/* Phones see the dealers first and the activity panel after them. */}
        {aside ? <div className="order-last md:order-none">{aside}</div> : null}
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {loading
              ? "Loading dealers…"
              : visible.length > 0
                ? `Showing ${formatCount(visible.length)} of ${formatDealerTotal(total)} dealers${data.fromCursor ? " (from a later page)" : ""}`
                : ""}
          </p>
          {visible.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
              <p className="font-semibold">No dealers found</p>
              <p className="text-sm text-muted">Try adjusting your search filters</p>
              {emptyHint ? <div className="mt-3 text-sm">{emptyHint}</div> : null}
            </div>
          ) : (
            <div
              className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${aside ? "" : "2xl:grid-cols-3"} ${loading ? "opacity-60" : ""}`}
            >
              {visible.map((dealer) => (
                <DealerCard
                  key={dealer.id}
                  dealer={dealer}
                  onQuickView={onQuickView}
                  onEdit={onEdit}
                  onConnectedChange={onConnectedChange}
                  allowDisconnect={mode === "network"}
                  prevCanadian={prevCanadian}
                />
              ))}
            </div>
          )}
          {nextPageHref ? (
            <Link
              to={nextPageHref}
              onClick={(event) => {
                event.preventDefault();
                if (more.state === "idle") more.load(nextPageHref);
              }}
              className={buttonClass("secondary", "self-center")}
              aria-disabled={more.state !== "idle"}
            >
              {more.state !== "idle" ? "Loading more dealers…" : "Load More"}
            </Link>
          ) : visible.length > 0 ? (
            <p className="text-center text-sm text-muted">That's every dealer matching these filters.</p>
          ) : null}
        </div>
      </div>

      <DealerQuickView
        dealerId={quickView}
        open={quickView !== null}
        onOpenChange={(open) => !open && setQuickView(null)}
      />
      {editing ? (
        <DealerFormDialog
          mode={{ kind: "edit", dealer: editing }}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={onSaved}
        />
      ) : null}
      {canCreate ? (
        <DealerFormDialog mode={{ kind: "create" }} open={creating} onOpenChange={setCreating} />
      ) : null}
    </section>
  );
}
