import { useRef } from "react";
import { Camera, FileText, ImagePlus, RotateCcw, X } from "~/components/ui/icons";
import { fileSizeText } from "#lib/chat-texts";
import type { useChatUploads } from "./use-chat-uploads";

type Uploads = ReturnType<typeof useChatUploads>;

const buttonClass =
  "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-slate-200 disabled:opacity-50 dark:text-brand-400 dark:hover:bg-slate-800";

/** The composer's three ways to attach, each a button over its hidden file input. */
const PICKERS = [
  // The back camera: a dealer photographs the car, not themselves.
  {
    label: "Take a photo",
    title: "Take a photo",
    Icon: Camera,
    phoneOnly: true,
    testId: "attach-camera",
    input: { accept: "image/*", capture: "environment" },
  },
  {
    label: "Attach photos",
    title: "Attach photos",
    Icon: ImagePlus,
    testId: "attach-photos",
    input: { accept: "image/*", multiple: true },
  },
  {
    label: "Attach a file",
    title: "Attach a file (PDF, JPEG, PNG, WebP)",
    Icon: FileText,
    testId: "attach-files",
    input: {
      accept: "application/pdf,.pdf,image/jpeg,image/png,image/webp,image/heic,.heic",
      multiple: true,
    },
  },
] as const;

/** The composer's attach buttons: a photo from the camera, photos from the library, a file (PDF or image). */
export function AttachButtons({ uploads, disabled }: { uploads: Uploads; disabled?: boolean }) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const picked = (input: HTMLInputElement | null) => {
    if (!input) return;
    void uploads.add(input.files ? [...input.files] : null);
    input.value = "";
  };
  return (
    <div className="flex shrink-0">
      {PICKERS.map(({ label, title, Icon, testId, ...picker }, i) => (
        <button
          key={testId}
          type="button"
          className={"phoneOnly" in picker ? `${buttonClass} sm:hidden` : buttonClass}
          onClick={() => inputs.current[i]?.click()}
          disabled={disabled}
          aria-label={label}
          title={title}
        >
          <Icon size={20} />
        </button>
      ))}
      {PICKERS.map(({ testId, input }, i) => (
        <input
          key={testId}
          ref={(element) => {
            inputs.current[i] = element;
          }}
          type="file"
          {...input}
          className="hidden"
          data-testid={testId}
          onChange={(e) => picked(e.currentTarget)}
        />
      ))}
    </div>
  );
}

/** What waits to go on the next message: a progress bar per file, Retry on a failed one, Remove. */
export function AttachmentTray({ uploads }: { uploads: Uploads }) {
  if (uploads.uploads.length === 0 && uploads.preparing === 0) return null;
  return (
    <ul
      className="flex gap-2 overflow-x-auto px-3 pt-2"
      aria-label="Attachments to send"
      data-testid="attachment-tray"
    >
      {uploads.uploads.map((u) => (
        <li
          key={u.key}
          className={`relative flex w-40 shrink-0 items-center gap-2 rounded-md border p-1.5 text-xs ${
            u.status === "failed" ? "border-red-500" : "border-slate-300 dark:border-slate-700"
          }`}
        >
          {u.preview ? (
            <img src={u.preview} alt="" className="h-10 w-10 shrink-0 rounded object-cover" />
          ) : (
            <FileText size={28} className="shrink-0 text-slate-500" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={u.name}>
              {u.name}
            </p>
            {u.status === "failed" ? (
              <button
                type="button"
                onClick={() => uploads.retry(u.key)}
                className="inline-flex items-center gap-1 font-medium text-red-600 underline dark:text-red-400"
              >
                <RotateCcw size={12} /> Retry
              </button>
            ) : (
              <>
                <span className="text-muted">{fileSizeText(u.size)}</span>
                <progress
                  className="block h-1.5 w-full overflow-hidden rounded accent-brand-600"
                  max={1}
                  value={u.progress}
                  aria-label={`Uploading ${u.name}`}
                />
              </>
            )}
          </div>
          <button
            type="button"
            onClick={() => uploads.remove(u.key)}
            aria-label={`Remove ${u.name}`}
            className="absolute -top-2 -right-2 rounded-full bg-slate-700 p-0.5 text-white hover:bg-slate-900"
          >
            <X size={12} />
          </button>
        </li>
      ))}
      {uploads.preparing > 0 ? <li className="self-center text-xs text-muted">Preparing…</li> : null}
    </ul>
  );
}
