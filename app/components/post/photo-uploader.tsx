import { ImagePlus, Loader2, RotateCcw, X } from "~/components/ui/icons";
import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from "react";
import { answerOf, api, failureText } from "#lib/api-client";
import { toast, toastError } from "#lib/toast";

/** Compression fits within 800×600 at JPEG quality 0.8. */
export const COMPRESS_MAX_WIDTH = 800;
export const COMPRESS_MAX_HEIGHT = 600;
export const COMPRESS_QUALITY = 0.8;

export type PhotoUpload = {
  key: string;
  name: string;
  preview: string;
  progress: number;
  status: "waiting" | "uploading" | "done" | "failed";
  /** The stored address once uploaded: the upload URL without its query. */
  url?: string;
  file?: File;
};

/** Longest side that fits the image inside 800×600 without enlarging it. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = COMPRESS_MAX_WIDTH,
  maxHeight = COMPRESS_MAX_HEIGHT,
): number {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return Math.max(1, Math.round(Math.max(width, height) * scale));
}

export async function compress(file: File): Promise<File> {
  const { default: imageCompression } = await import("browser-image-compression");
  const bitmap = await createImageBitmap(file);
  const longest = fitWithin(bitmap.width, bitmap.height);
  bitmap.close();
  const blob = await imageCompression(file, {
    maxWidthOrHeight: longest,
    initialQuality: COMPRESS_QUALITY,
    fileType: "image/jpeg",
    // The library's worker loads its code from a CDN, which our Content-Security-Policy refuses.
    useWebWorker: false,
  });
  return new File([blob], file.name.replace(/\.[^.]+$/, "") + ".jpg", { type: "image/jpeg" });
}

/** PUT with upload progress (fetch cannot report it). Chat attachments use it too. */
export function putWithProgress(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(`${xhr.status}: ${xhr.responseText}`));
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.send(file);
  });
}

const STATUS_TEXT: Record<PhotoUpload["status"], string> = {
  waiting: "Waiting…",
  uploading: "Uploading…",
  done: "Uploaded",
  failed: "Upload failed",
};

export type PhotoUploaderHandle = { openPicker: () => void };

/**
 * Photos for a post or a vehicle: images only, at most `limit`, each compressed
 * in the browser (browser-image-compression) then uploaded one after another through a signed URL, with a
 * progress bar per file; one failure is reported and the others go on.
 */
export const PhotoUploader = forwardRef<
  PhotoUploaderHandle,
  {
    limit: number;
    photos: PhotoUpload[];
    onChange: (update: (photos: PhotoUpload[]) => PhotoUpload[]) => void;
    label?: string;
  }
>(function PhotoUploader({ limit, photos, onChange, label = "Photos" }, ref) {
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [processing, setProcessing] = useState(false);
  useImperativeHandle(ref, () => ({ openPicker: () => input.current?.click() }), []);

  const patch = useCallback(
    (key: string, change: Partial<PhotoUpload>) =>
      onChange((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p))),
    [onChange],
  );

  const upload = useCallback(
    async (photo: PhotoUpload) => {
      if (!photo.file) return;
      patch(photo.key, { status: "uploading", progress: 0 });
      try {
        const { uploadURL } = await answerOf(api.POST("/api/objects/upload"));
        await putWithProgress(uploadURL, photo.file, (fraction) => patch(photo.key, { progress: fraction }));
        patch(photo.key, { status: "done", progress: 1, url: uploadURL.split("?")[0] });
      } catch (error) {
        patch(photo.key, { status: "failed" });
        toastError(`Failed to upload ${photo.name}`, "Photo upload failed");
        console.warn(failureText(error, "upload failed"), error);
      }
    },
    [patch],
  );

  async function addFiles(list: FileList | null) {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = "";
    if (files.length === 0) return;
    if (files.some((f) => !f.type.startsWith("image/"))) {
      toastError("Please select only image files", "Invalid files");
      return;
    }
    const room = limit - photos.length;
    if (files.length > room) {
      toastError(
        `Maximum ${limit} photos allowed. You can add ${Math.max(0, room)} more.`,
        "Too many photos",
      );
      return;
    }
    setProcessing(true);
    toast({
      title: "Processing images",
      description: `Compressing ${files.length} ${files.length === 1 ? "photo" : "photos"}…`,
    });
    let ready: File[];
    try {
      ready = [];
      for (const file of files) ready.push(await compress(file));
    } catch (error) {
      console.warn("compression failed", error);
      toast({ title: "Compression failed", description: "Using original images" });
      ready = files;
    }
    const added: PhotoUpload[] = ready.map((file) => ({
      key: crypto.randomUUID(),
      name: file.name,
      preview: URL.createObjectURL(file),
      progress: 0,
      status: "waiting",
      file,
    }));
    onChange((current) => [...current, ...added]);
    setProcessing(false);
    toast({
      title: "Images added",
      description: `${added.length} ${added.length === 1 ? "photo" : "photos"} uploading`,
    });
    // One after another, also across selections.
    for (const photo of added) queue.current = queue.current.then(() => upload(photo));
  }

  const inputId = `photos-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">
          {label}{" "}
          <span className="text-xs font-normal text-muted">
            ({photos.length}/{limit}, up to 10MB each)
          </span>
        </span>
        <label
          htmlFor={inputId}
          className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800 ${
            photos.length >= limit ? "pointer-events-none opacity-50" : ""
          }`}
        >
          {processing ? (
            <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus size={16} aria-hidden="true" />
          )}
          Add Photos
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={photos.length >= limit}
          onChange={(e) => void addFiles(e.target.files)}
          data-testid="photo-input"
        />
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`${label} added`}>
          {photos.map((p) => (
            <li
              key={p.key}
              className="relative overflow-hidden rounded-md border border-slate-200 dark:border-slate-700"
              data-testid="photo-upload"
              data-status={p.status}
            >
              <img
                src={p.url ?? p.preview}
                alt={p.name}
                width={160}
                height={120}
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="absolute inset-x-0 bottom-0 bg-black/60 px-1.5 py-1 text-[11px] text-white">
                <div className="truncate">{STATUS_TEXT[p.status]}</div>
                <div
                  role="progressbar"
                  aria-label={`Upload of ${p.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(p.progress * 100)}
                  className="mt-0.5 h-1 overflow-hidden rounded bg-white/30"
                >
                  <div
                    className={`h-full ${p.status === "failed" ? "bg-red-500" : "bg-emerald-400"}`}
                    style={{ width: `${Math.round(p.progress * 100)}%` }}
                  />
                </div>
              </div>
              <div className="absolute top-1 right-1 flex gap-1">
                {p.status === "failed" ? (
                  <button
                    type="button"
                    aria-label={`Retry ${p.name}`}
                    className="rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
                    onClick={() => (queue.current = queue.current.then(() => upload(p)))}
                  >
                    <RotateCcw size={12} aria-hidden="true" />
                  </button>
                ) : null}
                <button
                  type="button"
                  aria-label={`Remove ${p.name}`}
                  className="rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
                  onClick={() => {
                    if (p.preview.startsWith("blob:")) URL.revokeObjectURL(p.preview);
                    onChange((list) => list.filter((x) => x.key !== p.key));
                  }}
                >
                  <X size={12} aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

export const uploadsBusy = (photos: PhotoUpload[]) =>
  photos.some((p) => p.status === "waiting" || p.status === "uploading");
export const uploadedUrls = (photos: PhotoUpload[]) =>
  photos.flatMap((p) => (p.status === "done" && p.url ? [p.url] : []));
