import { useState, type ReactNode } from "react";
import { PhotoViewer } from "~/components/post/on-demand";
import { Download, FileText, Phone, Video } from "~/components/ui/icons";
import type { ChatCall } from "#lib/api-types";
import type { ChatAttachment } from "#lib/chat-files";
import { callText, fileSizeText, isChatPhoto } from "#lib/chat-texts";

const TYPE_LABEL: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
};

/** A message's photos (thumbnails that open the photo viewer) and files (a card with name, type, size, download). */
export function MessageAttachments({ attachments, title }: { attachments: ChatAttachment[]; title: string }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = attachments.filter((a) => isChatPhoto(a.contentType));
  const files = attachments.filter((a) => !isChatPhoto(a.contentType));
  const single = photos.length === 1 ? photos[0] : undefined;
  if (attachments.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="message-attachments">
      {/* One photo shows whole at a readable size; several make a grid of square thumbnails. Fixed widths, so
          a narrow bubble never squeezes them into a strip. */}
      {single ? (
        <PhotoButton photo={single} onOpen={() => setViewing(0)}>
          <img
            src={single.url}
            alt={single.name}
            width={single.width ?? 4}
            height={single.height ?? 3}
            loading="lazy"
            className="block h-auto max-h-80 w-64 max-w-full object-cover"
          />
        </PhotoButton>
      ) : photos.length ? (
        <div className="grid grid-cols-[repeat(2,7.5rem)] gap-1 @md:grid-cols-[repeat(3,7.5rem)]">
          {photos.map((photo, i) => (
            <PhotoButton key={photo.url} photo={photo} onOpen={() => setViewing(i)}>
              <img
                src={photo.url}
                alt={photo.name}
                width={120}
                height={120}
                loading="lazy"
                className="block h-30 w-30 object-cover"
              />
            </PhotoButton>
          ))}
        </div>
      ) : null}
      {files.map((file) => (
        <div
          key={file.url}
          className="flex w-64 max-w-full items-center gap-2 rounded-lg border border-slate-300 bg-white p-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          data-testid="file-card"
        >
          <FileText size={28} className="shrink-0 text-red-600" />
          <div className="min-w-0 flex-1">
            <a
              href={file.url}
              target="_blank"
              rel="noopener"
              className="block truncate text-sm font-medium underline-offset-2 hover:underline"
              title={file.name}
            >
              {file.name}
            </a>
            <span className="text-xs text-muted">
              {TYPE_LABEL[file.contentType] ?? file.contentType} · {fileSizeText(file.size)}
            </span>
          </div>
          <a
            href={`${file.url}?download=1`}
            download={file.name}
            aria-label={`Download ${file.name}`}
            className="rounded-md p-2 hover:bg-slate-200 dark:hover:bg-slate-800"
          >
            <Download size={18} />
          </a>
        </div>
      ))}
      <PhotoViewer
        photos={photos.map((p) => p.url)}
        title={title}
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        index={viewing ?? 0}
        onIndexChange={setViewing}
      />
    </div>
  );
}

function PhotoButton({
  photo,
  onOpen,
  children,
}: {
  photo: ChatAttachment;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Open photo ${photo.name}`}
      className="overflow-hidden rounded-2xl bg-slate-200 dark:bg-slate-800"
    >
      {children}
    </button>
  );
}

/** The line a call leaves in the chat: "Video call · 3:12", "Missed voice call", "Declined video call". */
export function CallLine({ call }: { call: ChatCall }) {
  const Icon = call.kind === "video" ? Video : Phone;
  return (
    <span
      className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${
        call.outcome === "completed"
          ? "border-slate-300 dark:border-slate-700"
          : "border-red-300 text-red-700 dark:border-red-800 dark:text-red-400"
      }`}
      data-testid="call-line"
    >
      <Icon size={16} /> {callText(call)}
    </span>
  );
}
