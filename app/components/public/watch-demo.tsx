import { PlayCircle } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { DemoDialog } from "./demo-dialog";
import { useHydrated } from "~/components/ui/use-hydrated";

const triggerClass = buttonClass(
  "secondary",
  "min-h-12 px-6 text-base border-slate-300 dark:border-slate-600 dark:bg-slate-900/60",
);

/**
 * Watch Demo: opens the captioned walkthrough in a dialog. Before any script runs, the button is a link to
 * the same walkthrough on /features; the script in charge (React, or public/landing.js on the landing) swaps
 * the link for the button that opens the dialog.
 */
export function WatchDemo() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const content = (
    <>
      <PlayCircle size={20} /> Watch Demo
    </>
  );
  return (
    <>
      <a href="/features#walkthrough" hidden={hydrated} data-demo-link="" className={triggerClass}>
        {content}
      </a>
      <button
        ref={trigger}
        type="button"
        hidden={!hydrated}
        aria-haspopup="dialog"
        data-demo-open=""
        className={triggerClass}
        onClick={() => setOpen(true)}
      >
        {content}
      </button>
      <DemoDialog open={open} onClose={() => setOpen(false)} returnFocus={trigger} />
    </>
  );
}
