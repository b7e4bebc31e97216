import { Dialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";

/**
 * The chat's panel where it does not dock: a sheet over the page (from the bottom on a phone, from the right on
 * wider screens), shown only while open; chat-tools-panel.tsx gives it its title and id.
 */
export function ChatToolsSheet({
  onOpenChange,
  returnFocusTo,
  id,
  title,
  children,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's button, which is no Dialog.Trigger: focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        sheet
        id={id}
        className="fixed inset-x-0 bottom-0 z-40 flex max-h-[85dvh] flex-col overflow-hidden rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-96 md:max-w-[90vw] md:rounded-none dark:bg-slate-900"
        data-testid="chat-tools-sheet"
        returnFocus={returnFocusTo}
      >
        <DialogHeader
          closeLabel="Close AI Copilot"
          className="border-b border-slate-200 py-2 pr-2 pl-4 dark:border-slate-800"
          titleClassName="font-semibold"
        >
          {title}
        </DialogHeader>
        <Dialog.Description className="sr-only">
          Hints from this conversation and the deal tools for it
        </Dialog.Description>
        <div className="min-h-0 overflow-y-auto overscroll-contain">{children}</div>
      </DialogFrame>
    </Dialog.Root>
  );
}
