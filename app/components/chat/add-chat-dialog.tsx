import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useEffect, useState, type RefObject } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { api, pageOf } from "#lib/api-client";
import type { Connection } from "#lib/api-types";
import { toastError } from "#lib/toast";
import type { ChatPeer } from "./conversation";

const SEARCH_DELAY_MS = 200;

const connectionsPage = (userId: string, search: string, cursor: string | null, signal?: AbortSignal) => {
  const query = { search: search || undefined, cursor: cursor ?? undefined };
  return pageOf(api.GET("/api/connections/{userId}", { params: { path: { userId }, query }, signal }));
};

/**
 * Add Chat: search your accepted connections by name or dealership (on the server) and open a chat with one.
 * Opened by the list's Add Chat button (add-chat-button.tsx), which focus returns to.
 */
export function AddChatDialog({
  open,
  onOpenChange,
  returnFocus,
  userId,
  onOpenChat,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement>;
  userId: string;
  onOpenChat: (peer: ChatPeer) => Promise<void>;
}) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const q = query.trim();

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      connectionsPage(userId, q, null, controller.signal)
        .then((page) => {
          setConnections(page.items);
          setNextCursor(page.nextCursor);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setConnections([]);
          setNextCursor(null);
          toastError("Failed to load your connections");
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, userId, q]);

  async function showMore() {
    if (!nextCursor) return;
    try {
      const page = await connectionsPage(userId, q, nextCursor);
      setConnections((held) => [...(held ?? []), ...page.items]);
      setNextCursor(page.nextCursor);
    } catch {
      toastError("Failed to load your connections");
    }
  }

  const matches = connections ?? [];

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame className="max-h-[80dvh] w-[min(28rem,92vw)] gap-3 p-4" returnFocus={returnFocus}>
        <DialogHeader>Start a chat</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          Search your connections by name or dealership.
        </Dialog.Description>
        <label htmlFor="add-chat-search" className="sr-only">
          Search connections
        </label>
        <input
          id="add-chat-search"
          className={inputClass}
          placeholder="Search connections…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoFocus
        />
        <ul className="min-h-24 overflow-y-auto">
          {connections === null ? <li className="p-2 text-sm text-muted">Loading connections…</li> : null}
          {connections && matches.length === 0 ? (
            <li className="p-2 text-sm text-muted">
              {q
                ? "No connection matches that search."
                : "No connections yet — connect with dealers from Find Dealers."}
            </li>
          ) : null}
          {matches.map(({ dealer }) => (
            <li key={dealer.id}>
              <button
                type="button"
                disabled={busy !== null}
                onClick={async () => {
                  setBusy(dealer.id);
                  try {
                    await onOpenChat(dealer);
                    onOpenChange(false);
                  } finally {
                    setBusy(null);
                  }
                }}
                className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800"
              >
                <Avatar name={dealer.name} src={dealer.avatar} size={32} />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{dealer.name}</span>
                  <span className="block truncate text-xs text-muted">{dealer.dealershipName}</span>
                </span>
                {busy === dealer.id ? <span className="ml-auto text-xs">Opening…</span> : null}
              </button>
            </li>
          ))}
          {nextCursor ? (
            <li className="p-2">
              <Button variant="ghost" className="w-full" onClick={() => void showMore()}>
                Show more connections
              </Button>
            </li>
          ) : null}
        </ul>
      </DialogFrame>
    </Dialog.Root>
  );
}
