import { PlayCircle } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "./motion";

const loadDialog = () => import("./demo-dialog");
const DemoDialog = lazy(loadDialog);

const triggerClass = buttonClass(
  "secondary",
  "min-h-12 px-6 text-base border-slate-300 dark:border-slate-600 dark:bg-slate-900/60",
);

/**
 * Watch Demo: opens the captioned walkthrough in a dialog. The dialog's code loads only when a visitor
 * reaches for the button; before JavaScript runs, the button is a link to the same walkthrough on /features.
 */
export function WatchDemo() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const content = (
    <>
      <PlayCircle size={20} aria-hidden="true" /> Watch Demo
    </>
  );
  if (!hydrated) {
    return (
      <a href="/features#walkthrough" className={triggerClass}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={triggerClass}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {content}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <DemoDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
