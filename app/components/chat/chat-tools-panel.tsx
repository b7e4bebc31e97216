import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Sparkles, X } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { useMediaQuery } from "~/components/ui/use-hydrated";

/** The sheet's code (Radix's dialog, focus trap and scroll lock) arrives on its first open, not with the chat. */
const ChatToolsSheet = lazyDialog(() => import("./chat-tools-sheet").then((m) => m.ChatToolsSheet));

/**
 * From 1600 px the menu, the chat list, a conversation of 560 px or more and a 20rem column all fit: there the
 * AI Copilot and deal tools may sit beside the conversation; narrower, they open over it and never narrow it.
 * The query decides once the page runs; the class, the same width, shows the column before that.
 */
const DOCKS_MEDIA = "(min-width: 100rem)";
const DOCKS_CLASS = "hidden min-[100rem]:flex";

const PANEL_ID = "chat-tools";
const storageKey = (dealerId: string) => `dealerlane:chat-tools:${dealerId}`;

function readDocked(dealerId: string): boolean {
  try {
    return localStorage.getItem(storageKey(dealerId)) !== "closed";
  } catch {
    return true;
  }
}

export type ChatToolsPanelState = ReturnType<typeof useChatToolsPanel>;

/**
 * The panel's state: beside the conversation where it docks (open unless this dealer closed it, remembered in
 * this browser), otherwise a sheet opened on demand that never stays open across visits.
 */
export function useChatToolsPanel(dealerId: string) {
  // null until the page runs in the browser: the server cannot know the width or the dealer's choice.
  const docks = useMediaQuery(DOCKS_MEDIA);
  const [dockedOpen, setDockedOpen] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const toggleButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setDockedOpen(readDocked(dealerId)), [dealerId]);
  useEffect(() => {
    if (docks) setSheetOpen(false);
  }, [docks]);

  const setDocked = useCallback(
    (open: boolean) => {
      setDockedOpen(open);
      try {
        localStorage.setItem(storageKey(dealerId), open ? "open" : "closed");
      } catch {
        // Private mode: the choice holds for this visit only.
      }
    },
    [dealerId],
  );

  const open = docks ? dockedOpen : sheetOpen;
  const toggle = () => (docks ? setDocked(!dockedOpen) : setSheetOpen((was) => !was));
  return { docks, dockedOpen, sheetOpen, setSheetOpen, setDocked, open, toggle, toggleButton };
}

/** The conversation header's button for the panel: an icon on a phone, with its name where the header has room. */
export function ChatToolsToggle({ panel }: { panel: ChatToolsPanelState }) {
  return (
    <button
      ref={panel.toggleButton}
      type="button"
      onClick={panel.toggle}
      aria-label="AI Copilot and deal tools"
      aria-expanded={panel.open}
      aria-controls={panel.open ? PANEL_ID : undefined}
      title="AI Copilot and deal tools"
      className={`inline-flex h-10 min-w-10 shrink-0 items-center justify-center gap-1.5 rounded-full px-2.5 text-sm font-medium hover:bg-slate-200 dark:hover:bg-slate-800 ${
        panel.open
          ? "bg-brand-600/15 text-brand-700 dark:text-brand-400"
          : "text-brand-700 dark:text-brand-400"
      }`}
      data-testid="chat-tools-toggle"
    >
      <Sparkles size={18} />
      <span className="hidden @xl:inline">AI Copilot</span>
    </button>
  );
}

const Title = () => (
  <span className="flex items-center gap-2">
    <Sparkles size={16} /> AI Copilot
  </span>
);

/**
 * The AI Copilot and the chat's deal tools (`children`): a column beside the conversation where it docks, a
 * sheet over the page elsewhere (from the bottom on a phone, from the right on wider screens).
 */
export function ChatToolsPanel({ panel, children }: { panel: ChatToolsPanelState; children: ReactNode }) {
  if (panel.docks === null)
    return (
      <DockedColumn className={DOCKS_CLASS} onClose={() => panel.setDocked(false)}>
        {children}
      </DockedColumn>
    );
  if (panel.docks)
    return panel.dockedOpen ? (
      <DockedColumn className="flex" onClose={() => panel.setDocked(false)} returnFocus={panel.toggleButton}>
        {children}
      </DockedColumn>
    ) : null;
  if (!panel.sheetOpen) return null;
  return (
    <ChatToolsSheet
      open
      onOpenChange={panel.setSheetOpen}
      returnFocusTo={panel.toggleButton}
      id={PANEL_ID}
      title={<Title />}
    >
      {children}
    </ChatToolsSheet>
  );
}

function DockedColumn({
  className,
  onClose,
  returnFocus,
  children,
}: {
  className: string;
  onClose: () => void;
  returnFocus?: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <aside
      id={PANEL_ID}
      aria-label="AI Copilot"
      className={`${className} min-h-0 w-80 shrink-0 flex-col border-l border-slate-200 dark:border-slate-800`}
      data-testid="chat-tools-column"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 pr-2 pl-4 dark:border-slate-800">
        <h2 className="font-semibold">
          <Title />
        </h2>
        <button
          type="button"
          onClick={() => {
            onClose();
            returnFocus?.current?.focus();
          }}
          aria-label="Close AI Copilot"
          title="Close AI Copilot"
          className="rounded-md p-2 hover:bg-slate-200 dark:hover:bg-slate-800"
        >
          <X size={18} />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
    </aside>
  );
}
