import { useRef } from "react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";

/** Scroll arrows only above 6 photos, 120 px a step. */
export const GALLERY_ARROWS_ABOVE = 6;
export const GALLERY_SCROLL_STEP_PX = 120;

/** Index after moving by `step`, wrapping at both ends. */
export const wrapIndex = (index: number, step: number, count: number) =>
  count === 0 ? 0 : (index + step + count) % count;

/** A strip of thumbnails, the current one marked; arrows scroll it when there are many. */
export function Thumbnails({
  photos,
  current,
  onPick,
  label,
  dark = false,
}: {
  photos: string[];
  current: number;
  onPick: (index: number) => void;
  label: string;
  dark?: boolean;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const arrows = photos.length > GALLERY_ARROWS_ABOVE;
  const arrow = (direction: 1 | -1) =>
    arrows ? (
      <button
        type="button"
        aria-label={`Scroll thumbnails ${direction < 0 ? "left" : "right"}`}
        className={`shrink-0 rounded-full p-1.5 ${dark ? "bg-white/10 text-white hover:bg-white/20" : "bg-slate-200 hover:bg-slate-300 dark:bg-slate-800 dark:hover:bg-slate-700"}`}
        onClick={() =>
          strip.current?.scrollBy({ left: direction * GALLERY_SCROLL_STEP_PX, behavior: "smooth" })
        }
      >
        {direction < 0 ? (
          <ChevronLeft size={16} aria-hidden="true" />
        ) : (
          <ChevronRight size={16} aria-hidden="true" />
        )}
      </button>
    ) : null;
  return (
    <div className="flex items-center gap-1">
      {arrow(-1)}
      <div
        ref={strip}
        role="group"
        aria-label={label}
        className="flex min-w-0 flex-1 gap-1.5 overflow-x-auto scroll-smooth py-1 [scrollbar-width:thin]"
      >
        {photos.map((src, i) => (
          <button
            key={`${src}-${i}`}
            type="button"
            onClick={() => onPick(i)}
            aria-label={`Show photo ${i + 1} of ${photos.length}`}
            aria-current={i === current ? "true" : undefined}
            className={`shrink-0 overflow-hidden rounded-md border-2 ${i === current ? "border-brand-500" : "border-transparent opacity-75 hover:opacity-100"}`}
          >
            <img
              src={src}
              alt=""
              loading="lazy"
              decoding="async"
              width={64}
              height={48}
              className="h-12 w-16 object-cover"
            />
          </button>
        ))}
      </div>
      {arrow(1)}
    </div>
  );
}
