import { X } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

/** The title row of every dialog: its accessible title and a labelled close button. */
export function DialogHeader({
  children,
  closeLabel = "Close",
  className = "",
  titleClassName = "text-lg font-semibold",
}: {
  children: ReactNode;
  closeLabel?: string;
  className?: string;
  titleClassName?: string;
}) {
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <Dialog.Title className={titleClassName}>{children}</Dialog.Title>
      <Dialog.Close
        aria-label={closeLabel}
        className="rounded-md p-2 hover:bg-slate-200 dark:hover:bg-slate-800"
      >
        <X size={18} />
      </Dialog.Close>
    </div>
  );
}
