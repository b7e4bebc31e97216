import { Dialog } from "radix-ui";
import type { KeyboardEvent } from "react";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { ChevronLeft, ChevronRight, X } from "~/components/ui/icons";
import { Thumbnails, wrapIndex } from "./photo-thumbnails";

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
