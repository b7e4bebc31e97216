import { Camera, ChevronLeft, ChevronRight, X } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useRef, useState, type KeyboardEvent } from "react";

/** Scroll arrows only above 6 photos, 120 px a step. */
export const GALLERY_ARROWS_ABOVE = 6;
export const GALLERY_SCROLL_STEP_PX = 120;

/** Index after moving by `step`, wrapping at both ends. */
export const wrapIndex = (index: number, step: number, count: number) =>
  count === 0 ? 0 : (index + step + count) % count;

function Thumbnails({
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

/**
 * The post's photos: main photo (click opens the full-screen viewer),
 * 'N of M', thumbnails with arrows only above 6 photos. Photos are 4:3 (uploads are fitted into 800×600)
 * and lazy-loaded with their size set, so nothing jumps while they arrive. A feed card leads with the main photo
 * alone (`lead`): edge to edge, 16:9 on a wide card (4:3 on a phone); its thumbnails are in the viewer.
 */
export function PhotoGallery({
  photos,
  title,
  lead = false,
  eager = false,
}: {
  photos: string[];
  title: string;
  lead?: boolean;
  /** The first card of a page: its photo is what the dealer sees first, so it is not lazy. */
  eager?: boolean;
}) {
  const [current, setCurrent] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  if (photos.length === 0) return null;
  const index = Math.min(current, photos.length - 1);
  return (
    <div data-gallery className={lead ? "lead-photo" : "flex flex-col gap-2"}>
      <button
        type="button"
        className={`relative block w-full overflow-hidden bg-slate-200 dark:bg-slate-800 ${lead ? "" : "rounded-lg"}`}
        onClick={() => setViewerOpen(true)}
        aria-label={`Open photo ${index + 1} of ${photos.length} full screen`}
      >
        <img
          src={photos[index]}
          alt={`${title}, photo ${index + 1} of ${photos.length}`}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          width={800}
          height={600}
          className={`w-full object-cover ${lead ? "aspect-[4/3] sm:aspect-video" : "aspect-[4/3]"}`}
        />
        <span
          className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-black/65 px-2 py-0.5 text-xs font-medium text-white"
          data-testid="gallery-counter"
        >
          <Camera size={12} aria-hidden="true" />
          {index + 1} of {photos.length}
        </span>
      </button>
      {photos.length > 1 && !lead ? (
        <Thumbnails photos={photos} current={index} onPick={setCurrent} label="Photos" />
      ) : null}
      {/* Mounted only while open: a closed dialog per post still costs every page render. */}
      {viewerOpen ? (
        <PhotoViewer
          photos={photos}
          title={title}
          open
          onOpenChange={setViewerOpen}
          index={index}
          onIndexChange={setCurrent}
        />
      ) : null}
    </div>
  );
}

/** Full-screen viewer: previous and next (wrapping), thumbnails, counter, left/right keys, Escape closes. */
export function PhotoViewer({
  photos,
  title,
  open,
  onOpenChange,
  index,
  onIndexChange,
}: {
  photos: string[];
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const move = (step: number) => onIndexChange(wrapIndex(index, step, photos.length));
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    move(step);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Opaque, as in every photo app: nothing of the page shows through behind the title and counter. */}
      <DialogFrame
        overlay="z-50 bg-black"
        sheet
        onKeyDown={onKeyDown}
        data-testid="photo-viewer"
        className="fixed inset-0 z-50 flex flex-col gap-3 bg-black p-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-[max(0.75rem,env(safe-area-inset-bottom))] text-white outline-none sm:p-6"
      >
        <div className="flex items-center justify-between gap-3">
          <Dialog.Title className="truncate text-sm font-medium sm:text-base">{title}</Dialog.Title>
          <span className="shrink-0 text-sm tabular-nums" data-testid="viewer-counter" aria-live="polite">
            {index + 1} of {photos.length}
          </span>
          <Dialog.Close aria-label="Close photos" className="rounded-full bg-white/10 p-2 hover:bg-white/20">
            <X size={18} aria-hidden="true" />
          </Dialog.Close>
        </div>
        <Dialog.Description className="sr-only">
          Use the left and right arrow keys to move between photos, Escape to close.
        </Dialog.Description>
        <div className="relative flex min-h-0 flex-1 items-center justify-center">
          <img
            src={photos[index]}
            alt={`${title}, photo ${index + 1} of ${photos.length}`}
            width={800}
            height={600}
            className="max-h-full max-w-full rounded-md object-contain"
          />
          {photos.length > 1
            ? ([-1, 1] as const).map((step) => (
                <button
                  key={step}
                  type="button"
                  onClick={() => move(step)}
                  aria-label={step < 0 ? "Previous photo" : "Next photo"}
                  className={`absolute top-1/2 -translate-y-1/2 rounded-full bg-black/50 p-3 hover:bg-black/70 ${step < 0 ? "left-0" : "right-0"}`}
                >
                  {step < 0 ? (
                    <ChevronLeft size={24} aria-hidden="true" />
                  ) : (
                    <ChevronRight size={24} aria-hidden="true" />
                  )}
                </button>
              ))
            : null}
        </div>
        {photos.length > 1 ? (
          <div className="mx-auto w-full max-w-3xl">
            <Thumbnails photos={photos} current={index} onPick={onIndexChange} label="All photos" dark />
          </div>
        ) : null}
      </DialogFrame>
    </Dialog.Root>
  );
}
