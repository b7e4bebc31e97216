import { Button } from "~/components/ui/button";
import { FileText } from "~/components/ui/icons";
import { fileSizeText, isChatPhoto } from "#lib/chat-texts";
import type { DisputeFile } from "#lib/schemas/disputes";

/** A dispute's photos and files: photos as thumbnails, documents as named links; `hrefOf` says where each is read. */
export function DisputeFileList({
  files,
  label,
  hrefOf = (file) => file.url,
}: {
  files: readonly DisputeFile[];
  label: string;
  hrefOf?: (file: DisputeFile) => string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {files.map((file) => (
        <li key={file.url}>
          <a
            href={hrefOf(file)}
            target="_blank"
            rel="noreferrer"
            className="flex items-center gap-2 rounded-md border border-slate-200 p-1 text-xs hover:border-brand-500/60 dark:border-slate-700"
          >
            {isChatPhoto(file.contentType) ? (
              <img
                src={hrefOf(file)}
                alt={file.name}
                className="size-16 rounded object-cover"
                loading="lazy"
              />
            ) : (
              <>
                <FileText size={20} aria-hidden="true" />
                <span className="max-w-40 truncate">{file.name}</span>
                <span className="text-muted">{fileSizeText(file.size)}</span>
              </>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The chat's photos and files to tick, as a fieldset of checkboxes (keyboard and screen readers alike). */
export function DisputeFilePicker({
  files,
  picked,
  onChange,
  max,
  showMore,
}: {
  files: readonly DisputeFile[] | null;
  picked: readonly string[];
  onChange(picked: string[]): void;
  max: number;
  /** Reads the chat's earlier files; null when all are shown. */
  showMore: (() => Promise<void>) | null;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Photos and files from your chat (up to {max})</legend>
      {files === null ? (
        <p className="text-xs text-muted">Loading the chat's files…</p>
      ) : files.length === 0 ? (
        <p className="text-xs text-muted">
          No photos or files in your chat with this dealer yet. Send them in Messages, then attach them here.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {files.map((file) => {
            const on = picked.includes(file.url);
            return (
              <li key={file.url}>
                <label
                  className={`flex cursor-pointer items-center gap-2 rounded-md border p-1.5 text-xs ${on ? "border-brand-500" : "border-slate-200 dark:border-slate-700"}`}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0"
                    checked={on}
                    disabled={!on && picked.length >= max}
                    onChange={(e) =>
                      onChange(
                        e.target.checked ? [...picked, file.url] : picked.filter((u) => u !== file.url),
                      )
                    }
                  />
                  {isChatPhoto(file.contentType) ? (
                    <img
                      src={file.url}
                      alt=""
                      className="size-10 shrink-0 rounded object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <FileText size={18} aria-hidden="true" className="shrink-0" />
                  )}
                  <span className="min-w-0 truncate">{file.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {showMore ? (
        <Button variant="ghost" className="self-start" onClick={() => void showMore()}>
          Show more files
        </Button>
      ) : null}
    </fieldset>
  );
}
