import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { DEMO_SLIDES } from "~/lib/demo-slides";

/** The Watch Demo dialog (lazy-loaded): a captioned slideshow of the real screens, arrow keys to move. */
export default function DemoDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [index, setIndex] = useState(0);
  const count = DEMO_SLIDES.length;
  const slide = DEMO_SLIDES[index] ?? DEMO_SLIDES[0]!;
  const go = (by: number) => setIndex((i) => (i + by + count) % count);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") go(1);
            if (e.key === "ArrowLeft") go(-1);
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[95dvh] w-[min(960px,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold sm:text-xl">DealerLane in five screens</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600 dark:text-slate-400">
                A short walkthrough of the real app. Use the arrows or your arrow keys.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close demo"
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <figure className="mt-4">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-950">
              <img
                key={slide.src}
                src={slide.src}
                alt={slide.alt}
                width={slide.width}
                height={slide.height}
                className="aspect-[8/5] h-auto w-full object-cover object-top"
              />
            </div>
            <figcaption aria-live="polite" className="mt-3 min-h-[3lh] text-sm sm:min-h-[2lh] sm:text-base">
              <span className="font-semibold text-brand-700 dark:text-brand-400">
                {index + 1} of {count}.
              </span>{" "}
              {slide.caption}
            </figcaption>
          </figure>
          <div className="mt-3 flex items-center justify-between gap-2">
            <button
              type="button"
              onClick={() => go(-1)}
              className="inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-slate-200 dark:hover:bg-slate-800"
            >
              <ChevronLeft size={18} aria-hidden="true" /> Previous
            </button>
            <ol className="flex gap-1" aria-label="Screens">
              {DEMO_SLIDES.map((s, i) => (
                <li key={s.src}>
                  <button
                    type="button"
                    onClick={() => setIndex(i)}
                    aria-label={`Screen ${i + 1}`}
                    aria-current={i === index ? "step" : undefined}
                    className="flex h-8 w-8 items-center justify-center rounded-full"
                  >
                    <span
                      className={`block h-2.5 rounded-full ${i === index ? "w-6 bg-brand-600 dark:bg-brand-400" : "w-2.5 bg-slate-400 dark:bg-slate-600"}`}
                    />
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              onClick={() => go(1)}
              className="inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-slate-200 dark:hover:bg-slate-800"
            >
              Next <ChevronRight size={18} aria-hidden="true" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
