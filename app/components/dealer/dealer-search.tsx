import { Form, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { api, pageOf } from "#lib/api-client";
import type { DirectoryDealer } from "#lib/api-types";
import { DealerQuickView } from "./on-demand";

const SUGGESTIONS = 6;

/**
 * The top bar's dealer search (placeholder 'Search dealers...'): a combobox that suggests
 * dealers as the dealer types (arrow keys, Enter opens the highlighted one in Quick View). Enter with
 * nothing highlighted — or the form before JavaScript loads — goes to /find-dealers?name=….
 */
export function DealerSearch() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [results, setResults] = useState<DirectoryDealer[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [quickView, setQuickView] = useState<string | null>(null);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setResults([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      pageOf(
        api.GET("/api/dealers", {
          params: { query: { name: q, limit: SUGGESTIONS, exclude: ["self"] } },
          signal: controller.signal,
        }),
      )
        .then((page) => {
          setResults(page.items);
          setActive(-1);
          setLoading(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) {
            setResults([]);
            setLoading(false);
          }
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  // Keep the box in step with /find-dealers?name=… (and empty elsewhere after a search).
  const urlName = searchParams.get("name") ?? "";
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(urlName);
  }, [urlName]);

  const showList = open && text.trim().length >= 2;
  const choose = (dealer: DirectoryDealer) => {
    setOpen(false);
    setQuickView(dealer.id);
  };

  return (
    <>
      <Form
        method="get"
        action="/find-dealers"
        role="search"
        className="relative mx-2 max-w-md flex-1"
        onSubmit={(event) => {
          event.preventDefault();
          const picked = active >= 0 ? results[active] : undefined;
          if (picked) return choose(picked);
          setOpen(false);
          navigate(`/find-dealers?name=${encodeURIComponent(text.trim())}`);
        }}
      >
        <label htmlFor="dealer-search" className="sr-only">
          Search dealers
        </label>
        <input
          ref={inputRef}
          id="dealer-search"
          name="name"
          type="search"
          placeholder="Search dealers..."
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && results.length > 0) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % results.length);
            } else if (e.key === "ArrowUp" && results.length > 0) {
              e.preventDefault();
              setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
            } else if (e.key === "Escape") {
              setOpen(false);
              setActive(-1);
            }
          }}
          className="w-full rounded-full border border-slate-300 bg-slate-100 px-4 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        {showList ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Matching dealers"
            className="absolute inset-x-0 top-full z-40 mt-1 max-h-96 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {results.length === 0 ? (
              <li className="px-3 py-2 text-sm text-muted" role="presentation">
                {loading ? "Searching…" : "No matching dealers found"}
              </li>
            ) : (
              results.map((dealer, i) => (
                <li
                  key={dealer.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(dealer)}
                  onMouseEnter={() => setActive(i)}
                  className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 ${i === active ? "bg-slate-100 dark:bg-slate-800" : ""}`}
                >
                  <Avatar name={dealer.name} src={dealer.avatar} size={32} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{dealer.name}</span>
                    <span className="block truncate text-xs text-muted">
                      {dealer.dealershipName} · {dealer.city}, {dealer.state}
                    </span>
                  </span>
                  {dealer.isConnected ? (
                    <span className="text-xs font-semibold text-brand-600 dark:text-brand-400">1st</span>
                  ) : null}
                </li>
              ))
            )}
            {results.length > 0 ? (
              <li
                role="presentation"
                className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
              >
                Press Enter for every match in Find Dealers
              </li>
            ) : null}
          </ul>
        ) : null}
      </Form>
      <DealerQuickView
        dealerId={quickView}
        open={quickView !== null}
        onOpenChange={(o) => !o && setQuickView(null)}
      />
    </>
  );
}
