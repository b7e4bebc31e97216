import { useState } from "react";
import { Camera } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { Thumbnails } from "./photo-thumbnails";

/** The full-screen viewer's code (Radix's dialog, focus trap, scroll lock) arrives on the first tap on a photo. */
const PhotoViewer = lazyDialog(() => import("./photo-viewer").then((m) => m.PhotoViewer));

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
