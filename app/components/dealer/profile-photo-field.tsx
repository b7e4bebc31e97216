import { ImagePlus, Trash2 } from "~/components/ui/icons";
import { useId, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { IMAGE_TYPES } from "#lib/image-type";
import { PROFILE_PHOTO_MAX_BYTES } from "#lib/schemas/profile";
import { toast, toastError } from "#lib/toast";
import { compress } from "~/components/post/photo-uploader";

/** What the field holds: unchanged (undefined), a new photo as a data URL, or removed (null). */
export type PhotoValue = string | null | undefined;

/**
 * One profile photo (hint 'maximum 2MB', one photo): pick, preview, remove. With JavaScript the photo is
 * compressed in the browser and kept as a data URL that the form sends in place of the file; before it
 * loads, the file input posts the original with the form.
 */
export function ProfilePhotoField({
  name,
  label,
  current,
  shape,
  personName,
  value,
  onChange,
}: {
  name: "avatar" | "dealershipPhoto";
  label: string;
  current: string | null;
  shape: "round" | "wide";
  personName: string;
  value: PhotoValue;
  onChange: (value: PhotoValue) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const preview = value === undefined ? current : value;

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toastError("Please select only image files", "Invalid files");
      if (input.current) input.current.value = "";
      return;
    }
    setBusy(true);
    toast({ title: "Processing images", description: `Compressing ${file.name}…` });
    let blob = file;
    try {
      blob = await compress(file);
    } catch {
      toast({ title: "Compression failed", description: "Using original images" });
    }
    try {
      if (blob.size > PROFILE_PHOTO_MAX_BYTES) {
        toastError(`${label} must be at most 2MB`, "Photo too large");
        return;
      }
      const { default: imageCompression } = await import("browser-image-compression");
      onChange(await imageCompression.getDataUrlFromFile(blob));
      toast({ title: "Images added", description: `${label} ready: save to keep it.` });
    } catch {
      toastError("Failed to prepare profile data. Please try again.", "Save Error");
    } finally {
      setBusy(false);
      // The data URL travels with the form; the file itself must not go a second time.
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        {shape === "round" ? (
          <Avatar name={personName} src={preview} size={88} />
        ) : preview ? (
          <img src={preview} alt="" className="h-24 w-48 rounded-lg object-cover" />
        ) : (
          <div className="flex h-24 w-48 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No photo yet
          </div>
        )}
        <div className="flex flex-col gap-2">
          <label
            htmlFor={id}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700"
          >
            <ImagePlus size={16} />
            {busy ? "Processing…" : preview ? "Change photo" : "Choose photo"}
            <input
              ref={input}
              id={id}
              name={name}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              className="sr-only"
              aria-describedby={`${id}-hint`}
              disabled={busy}
              onChange={(e) => pick(e.target.files?.[0])}
            />
          </label>
          {preview ? (
            <button
              type="button"
              onClick={() => onChange(value ? undefined : null)}
              className="inline-flex items-center gap-2 self-start rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            >
              <Trash2 size={14} /> {value && current ? "Keep the current photo" : "Remove photo"}
            </button>
          ) : null}
          {/* Without JavaScript: tick to remove the current photo. */}
          <noscript>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={`remove-${name}`} value="true" /> Remove current photo
            </label>
          </noscript>
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        One photo, maximum 2MB (JPEG, PNG, WebP, GIF or AVIF). It is resized to fit 800×600 before upload.
      </p>
    </div>
  );
}
