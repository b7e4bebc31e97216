import { ChevronLeft, ChevronRight, X } from "~/components/ui/icons";
import { useEffect, useRef, useState, type RefObject } from "react";
import { DEMO_SLIDES } from "~/components/public/copy/demo-slides";

const stepClass =
  "inline-flex min-h-10 items-center gap-1 rounded-md px-2 text-sm sm:px-3 font-medium hover:bg-slate-200 dark:hover:bg-slate-800";

/**
 * The Watch Demo dialog: a captioned slideshow of the real screens, arrow keys to move. A native modal
 * <dialog> (labelled, focus kept inside, Escape closes) that is always in the HTML, closed: React opens it
 * where it runs; on the landing, which React does not hydrate, public/landing.js does, through the
 * `data-demo-*` hooks (each dot carries its slide, so the script needs no copy of the slides).
 */
export function DemoDialog({
  open,
  onClose,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(0);
  const count = DEMO_SLIDES.length;
  const slide = DEMO_SLIDES[index] ?? DEMO_SLIDES[0]!;
  const go = (by: number) => setIndex((i) => (i + by + count) % count);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-demo-dialog=""
      aria-labelledby="demo-title"
      aria-describedby="demo-description"
      onClose={() => {
        onClose();
        returnFocus.current?.focus();
      }}
      onClick={(e) => {
        // A click on the backdrop (outside the dialog's box) closes it.
        const box = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (e.target === e.currentTarget && !inside) e.currentTarget.close();
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") go(1);
        if (e.key === "ArrowLeft") go(-1);
      }}
      className="m-auto max-h-[95dvh] text-left w-[min(960px,calc(100vw-1.5rem))] max-w-none overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-2xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="demo-title" className="text-lg font-bold sm:text-xl">
            DealerLane in five screens
          </h2>
          <p id="demo-description" className="text-sm text-muted">
            A short walkthrough of the real app. Use the arrows or your arrow keys.
          </p>
        </div>
        <button
          type="button"
          aria-label="Close demo"
          data-demo-close=""
          onClick={() => ref.current?.close()}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <X size={20} />
        </button>
      </div>
      <figure className="mt-4">
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-950">
          {/* Lazy: a closed dialog downloads no screenshot. */}
          <img
            key={slide.src}
            src={slide.src}
            alt={slide.alt}
            width={slide.width}
            height={slide.height}
            loading="lazy"
            data-demo-image=""
            className="aspect-[8/5] h-auto w-full object-cover object-top"
          />
        </div>
        <figcaption aria-live="polite" className="mt-3 min-h-[3lh] text-sm sm:min-h-[2lh] sm:text-base">
          <span data-demo-count="" className="font-semibold text-brand-700 dark:text-brand-400">
            {index + 1} of {count}.
          </span>{" "}
          <span data-demo-caption="">{slide.caption}</span>
        </figcaption>
      </figure>
      <div className="mt-3 flex items-center justify-between gap-2">
        <button type="button" data-demo-step="-1" onClick={() => go(-1)} className={stepClass}>
          <ChevronLeft size={18} /> Previous
        </button>
        <ol className="flex sm:gap-1" aria-label="Screens">
          {DEMO_SLIDES.map((s, i) => (
            <li key={s.src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Screen ${i + 1}`}
                aria-current={i === index ? "step" : undefined}
                data-demo-dot=""
                data-src={s.src}
                data-alt={s.alt}
                data-caption={s.caption}
                className="group flex h-8 w-6 items-center justify-center rounded-full sm:w-8"
              >
                {/* Styled from aria-current, so whatever sets it (React or landing.js) moves the dot. */}
                <span className="block h-2.5 w-2.5 rounded-full bg-slate-400 group-aria-[current=step]:w-6 group-aria-[current=step]:bg-brand-600 dark:bg-slate-600 dark:group-aria-[current=step]:bg-brand-400" />
              </button>
            </li>
          ))}
        </ol>
        <button type="button" data-demo-step="1" onClick={() => go(1)} className={stepClass}>
          Next <ChevronRight size={18} />
        </button>
      </div>
    </dialog>
  );
}
