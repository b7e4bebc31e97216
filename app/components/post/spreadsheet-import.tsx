import { useEffect, useRef, useState } from "react";
import { Download, FileSpreadsheet, Loader2 } from "~/components/ui/icons";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { answerOf, api, toastFailure } from "#lib/api-client";
import type { ImportPreview } from "#lib/api-types";
import { formatPriceCents, vehicleLabel } from "#lib/format";
import {
  COLUMN_LABELS,
  DISCLOSURE_COLUMNS,
  IMPORT_MAX_BYTES,
  VEHICLE_COLUMNS,
  type ImportColumn,
} from "#lib/imports/columns";
import { toast } from "#lib/toast";
import { Field } from "./vehicle-fields";

/** The preview lists this many vehicles and bad rows; the counts tell the rest. */
const PREVIEW_SHOWN = 30;
const ACCEPTED =
  ".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const importFailed = (error: unknown) =>
  toastFailure(
    "Spreadsheet not imported",
    error,
    error instanceof Error ? error.message : "Please try again",
  );

/**
 * The Spreadsheet tab: a file chosen or dropped, or a published sheet's link, read into a preview on the server
 * (the browser stays light: no parser is shipped to it). The dealer corrects the column mapping, sees what will
 * post and each bad row by its number; the dialog's Post Inventory then publishes the good rows.
 */
export function SpreadsheetImport({
  url,
  onUrlChange,
  preview,
  onPreview,
}: {
  url: string;
  onUrlChange: (url: string) => void;
  preview: ImportPreview | null;
  onPreview: (preview: ImportPreview | null) => void;
}) {
  const [busy, setBusy] = useState<"file" | "link" | "mapping" | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  /** One way each read answers: the new preview shown with its counts, or the server's reason in a toast. */
  async function read(kind: NonNullable<typeof busy>, call: () => Promise<ImportPreview>, title: string) {
    setBusy(kind);
    try {
      const answer = await call();
      onPreview(answer);
      toast({ title, description: countsText(answer) });
    } catch (error) {
      importFailed(error);
    } finally {
      setBusy(null);
    }
  }

  function importFile(file: File) {
    if (file.size > IMPORT_MAX_BYTES) {
      importFailed(new Error(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`));
      return;
    }
    const form = new FormData();
    form.append("file", file);
    // A multipart body: the route reads it itself (the document describes JSON bodies only).
    return read(
      "file",
      () =>
        answerOf(
          api.POST("/api/inventory/imports", {
            body: form as never,
            bodySerializer: (body: unknown) => body as FormData,
          }),
        ),
      "Spreadsheet read",
    );
  }

  const importLink = () =>
    read(
      "link",
      () =>
        answerOf(
          api.POST("/api/inventory/imports", {
            body: { url } as never,
            bodySerializer: (body: unknown) => JSON.stringify(body),
            headers: { "Content-Type": "application/json" },
          }),
        ),
      "Spreadsheet read",
    );

  const remap = (column: ImportColumn, header: string | null) =>
    preview &&
    read(
      "mapping",
      () =>
        answerOf(
          api.PATCH("/api/inventory/imports/{id}", {
            params: { path: { id: preview.id } },
            body: { mapping: { ...preview.mapping, [column]: header } },
          }),
        ),
      "Columns updated",
    );

  return (
    <div className="flex flex-col gap-4">
      <div
        data-testid="spreadsheet-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (file) void importFile(file);
        }}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center ${
          dragging ? "border-sky-500 bg-sky-50 dark:bg-sky-950" : "border-slate-300 dark:border-slate-700"
        }`}
      >
        <FileSpreadsheet size={28} aria-hidden="true" className="text-muted" />
        <p className="text-sm font-medium">Drop your inventory spreadsheet here</p>
        <p className="text-xs text-muted">CSV, TSV or Excel (.xlsx), up to 500 vehicles and 5 MB</p>
        <input
          ref={picker}
          type="file"
          accept={ACCEPTED}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="spreadsheet-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void importFile(file);
          }}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" disabled={busy !== null} onClick={() => picker.current?.click()}>
            {busy === "file" ? (
              <Loader2 size={16} className="animate-spin" aria-hidden="true" />
            ) : (
              <FileSpreadsheet size={16} aria-hidden="true" />
            )}
            {busy === "file" ? "Reading…" : "Choose a file"}
          </Button>
          <a href="/api/inventory/export" download className={buttonClass("ghost")}>
            <Download size={16} aria-hidden="true" /> Export my inventory
          </a>
        </div>
      </div>

      <Field id="post-spreadsheet" label="Or a published sheet's link">
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="post-spreadsheet"
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => onUrlChange(e.target.value)}
            placeholder="https://docs.google.com/spreadsheets/…"
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button
            variant="secondary"
            disabled={busy !== null || !url.trim()}
            onClick={() => void importLink()}
          >
            {busy === "link" ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
            Import vehicles
          </Button>
        </div>
      </Field>

      {preview ? (
        <ImportPreviewPanel
          preview={preview}
          busy={busy === "mapping"}
          onRemap={remap}
          onClear={() => onPreview(null)}
        />
      ) : null}
    </div>
  );
}

const countsText = (p: ImportPreview) =>
  `${p.validCount} ${p.validCount === 1 ? "vehicle" : "vehicles"} ready${p.errorCount ? `, ${p.errorCount} ${p.errorCount === 1 ? "row needs" : "rows need"} fixing` : ""}.`;

function ImportPreviewPanel({
  preview,
  busy,
  onRemap,
  onClear,
}: {
  preview: ImportPreview;
  busy: boolean;
  onRemap: (column: ImportColumn, header: string | null) => unknown;
  onClear: () => void;
}) {
  const ready = preview.rows.filter((r) => r.vehicle);
  const bad = preview.rows.filter((r) => !r.vehicle);
  const columns = [
    ...VEHICLE_COLUMNS,
    ...DISCLOSURE_COLUMNS.filter((c) => preview.mapping[c]),
  ] as ImportColumn[];
  // A new preview opens below the pickers: bring it into view (once per import, not on each remap).
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [preview.id]);
  return (
    <section
      ref={panel}
      aria-label="Import preview"
      className="flex scroll-mt-2 flex-col gap-3"
      data-testid="import-preview"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm" aria-live="polite">
          <span className="font-semibold">{preview.name.split("/").pop()}</span>: {countsText(preview)}
        </p>
        <Button variant="ghost" className="shrink-0" onClick={onClear}>
          Start over
        </Button>
      </div>

      <details
        className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
        open={preview.errorCount > 0}
      >
        <summary className="cursor-pointer text-sm font-semibold">
          Columns {busy ? "(updating…)" : ""}
        </summary>
        <p className="mt-1 text-xs text-muted">
          Which of your sheet's columns fills each field. Your choices are remembered for your next import.
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {columns.map((column) => (
            <label key={column} className="flex flex-col gap-1 text-xs font-medium">
              {COLUMN_LABELS[column]}
              <select
                value={preview.mapping[column] ?? ""}
                disabled={busy}
                onChange={(e) => void onRemap(column, e.target.value || null)}
                className={inputClass}
                data-column={column}
              >
                <option value="">Not in my sheet</option>
                {preview.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </details>

      {bad.length > 0 ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40">
          <h4 className="text-sm font-semibold">Rows left out ({bad.length})</h4>
          <p className="text-xs text-muted">
            Fix them in your sheet and import it again; the rest can post now.
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="import-errors">
            {bad.slice(0, PREVIEW_SHOWN).map((r) => (
              <li key={r.row}>
                <span className="font-semibold">Row {r.row}:</span> {r.errors.join("; ")}
              </li>
            ))}
          </ul>
          {bad.length > PREVIEW_SHOWN ? (
            <p className="mt-1 text-xs text-muted">and {bad.length - PREVIEW_SHOWN} more</p>
          ) : null}
        </div>
      ) : null}

      {ready.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold">Will be posted ({ready.length})</h4>
          <ul className="mt-2 flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-700">
            {ready.slice(0, PREVIEW_SHOWN).map(({ row, vehicle: v }) =>
              v ? (
                <li
                  key={row}
                  className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3"
                >
                  <span className="font-medium">{vehicleLabel(v)}</span>
                  <span className="text-xs text-muted">
                    {[
                      v.price !== null ? formatPriceCents(Math.round(v.price * 100)) : null,
                      v.mileage !== null ? `${v.mileage.toLocaleString("en-US")} mi` : null,
                      v.vin,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </li>
              ) : null,
            )}
          </ul>
          {ready.length > PREVIEW_SHOWN ? (
            <p className="mt-1 text-xs text-muted">and {ready.length - PREVIEW_SHOWN} more</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
