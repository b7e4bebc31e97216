import { Loader2, Plus, Trash2 } from "~/components/ui/icons";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog, Tabs } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { binder } from "~/components/ui/form";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { answerOf, api, toastFailure, type BodyOf } from "#lib/api-client";
import { AUCTION_FACILITATORS } from "#lib/constants";
import {
  isCompleteVehicle,
  MAX_VEHICLES_PER_POST,
  POST_PHOTO_LIMIT,
  SPREADSHEET_REQUIRED,
  TITLE_REQUIRED,
} from "#lib/schemas/inventory";
import { toast, toastError } from "#lib/toast";
import type { ImportPreview, PostDetail } from "#lib/api-types";
import { SpreadsheetImport } from "./spreadsheet-import";
import {
  PhotoUploader,
  uploadedUrls,
  uploadsBusy,
  type PhotoUpload,
  type PhotoUploaderHandle,
} from "./photo-uploader";
import {
  CompleteLabel,
  emptyVehicle,
  toVehicleInput,
  VehicleFields,
  type VehicleDraft,
  Field,
} from "./vehicle-fields";

export type PostMode = "single" | "multiple" | "spreadsheet";

/** Everything the post form holds; kept by the composer so a failure or a closed dialog loses nothing. */
export type PostDraft = {
  mode: PostMode;
  title: string;
  description: string;
  auctionFacilitator: (typeof AUCTION_FACILITATORS)[number] | "";
  spreadsheetUrl: string;
  /** The spreadsheet read for import (Spreadsheet tab): Post Inventory publishes its good rows. */
  sheet: ImportPreview | null;
  vehicles: VehicleDraft[];
  photos: PhotoUpload[];
};

export const emptyDraft = (): PostDraft => ({
  mode: "single",
  title: "",
  description: "",
  auctionFacilitator: "",
  spreadsheetUrl: "",
  sheet: null,
  vehicles: [emptyVehicle()],
  photos: [],
});

/** Opening with more than one vehicle starts in multiple mode. */
export function draftWith(draft: PostDraft, vehicle: VehicleDraft, photos: PhotoUpload[]): PostDraft {
  const kept = draft.vehicles.filter((v) => isCompleteVehicle(v) || v.vin || v.make || v.model);
  const vehicles = [...kept, vehicle];
  return {
    ...draft,
    mode: vehicles.length > 1 ? "multiple" : draft.mode === "spreadsheet" ? "single" : draft.mode,
    vehicles,
    photos: [...draft.photos, ...photos].slice(0, POST_PHOTO_LIMIT),
  };
}

const MODE_LABELS: Record<PostMode, string> = {
  single: "Single Vehicle",
  multiple: "Multiple Vehicles",
  spreadsheet: "Spreadsheet",
};

/**
 * Post creation: single / multiple / spreadsheet tabs, title,
 * description, auction facilitator, photos and the vehicles with their Complete / Incomplete labels.
 * Only complete vehicles are sent. Success toasts and resets; a failure toasts and keeps everything.
 */
export function CreatePostDialog({
  open,
  onOpenChange,
  draft,
  setDraft,
  onCreated,
  pickPhotosOnOpen = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: PostDraft;
  setDraft: (update: (draft: PostDraft) => PostDraft) => void;
  onCreated: (post: PostDetail) => void;
  pickPhotosOnOpen?: boolean;
}) {
  const [submitting, setSubmitting] = useState(false);
  const uploader = useRef<PhotoUploaderHandle>(null);
  const { mode } = draft;
  const vehicles = mode === "single" ? draft.vehicles.slice(0, 1) : draft.vehicles;
  const complete = vehicles.filter(isCompleteVehicle);
  const needsVehicle = mode !== "spreadsheet" && complete.length === 0;
  const busy = uploadsBusy(draft.photos);

  const bind = binder(draft, (patch) => setDraft((d) => ({ ...d, ...patch })));
  const updateVehicle = (key: string) => (update: (v: VehicleDraft) => VehicleDraft) =>
    setDraft((d) => ({ ...d, vehicles: d.vehicles.map((v) => (v.key === key ? update(v) : v)) }));

  async function submit() {
    if (!draft.title.trim()) {
      toast({ ...TITLE_REQUIRED, variant: "destructive" });
      return;
    }
    const sheet = mode === "spreadsheet" ? draft.sheet : null;
    if (sheet && sheet.validCount === 0) {
      toastError(
        "No row of this sheet can be posted: fix the rows listed and import it again",
        "Nothing to post",
      );
      return;
    }
    if (mode === "spreadsheet" && !sheet && !draft.spreadsheetUrl.trim()) {
      toast({ ...SPREADSHEET_REQUIRED, variant: "destructive" });
      return;
    }
    if (busy) {
      toast({
        title: "Photos still uploading",
        description: "Your post goes out as soon as the photos are up. Please wait a moment.",
      });
      return;
    }
    setSubmitting(true);
    try {
      const post = sheet
        ? await answerOf(
            api.POST("/api/inventory/imports/{id}/publish", {
              params: { path: { id: sheet.id } },
              body: { title: draft.title, description: draft.description },
            }),
          )
        : await answerOf(
            api.POST("/api/inventory", {
              body: {
                title: draft.title,
                description: draft.description,
                type: mode,
                auctionFacilitator: draft.auctionFacilitator || undefined,
                spreadsheetUrl: mode === "spreadsheet" ? draft.spreadsheetUrl : undefined,
                // Numbers go as the dealer typed them: the shared schema parses them on the server, its message toasts.
                vehicles: (mode === "spreadsheet" ? [] : complete.map(toVehicleInput)) as BodyOf<
                  "/api/inventory",
                  "post"
                >["vehicles"],
                photoUrls: uploadedUrls(draft.photos),
              },
            }),
          );
      toast({ title: "Inventory posted successfully!" });
      setDraft(() => emptyDraft());
      onCreated(post);
      onOpenChange(false);
    } catch (error) {
      toastFailure(
        "Error posting inventory",
        error,
        error instanceof Error ? error.message : "Please try again",
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame
        overlay="z-40 bg-black/60"
        sheet
        data-testid="create-post-dialog"
        onOpenAutoFocus={(e) => {
          if (pickPhotosOnOpen) {
            e.preventDefault();
            setTimeout(() => uploader.current?.openPicker(), 0);
          }
        }}
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(44rem,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:bg-slate-900"
      >
        <DialogHeader className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          Post Inventory
        </DialogHeader>
        <Dialog.Description className="sr-only">
          Post one vehicle, several vehicles or a whole spreadsheet to the network.
        </Dialog.Description>
        <form
          className="flex min-h-0 flex-1 flex-col"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4">
            <Tabs.Root value={mode} onValueChange={(v) => setDraft((d) => ({ ...d, mode: v as PostMode }))}>
              <Tabs.List
                aria-label="Post mode"
                className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
              >
                {(Object.keys(MODE_LABELS) as PostMode[]).map((m) => (
                  <Tabs.Trigger
                    key={m}
                    value={m}
                    className="rounded-md px-2 py-2 text-xs font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow sm:text-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-white"
                  >
                    {MODE_LABELS[m]}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </Tabs.Root>

            <Field id="post-title" label="Title" required>
              <input
                id="post-title"
                {...bind("title")}
                maxLength={200}
                className={inputClass}
                placeholder="e.g. 2019 F-150 XLT, fresh trade"
              />
            </Field>
            <Field id="post-description" label="Description">
              <textarea
                id="post-description"
                rows={3}
                {...bind("description")}
                maxLength={5000}
                className={inputClass}
              />
            </Field>
            {mode === "spreadsheet" && draft.sheet ? null : (
              <Field id="post-facilitator" label="Auction facilitator (optional)">
                <select id="post-facilitator" {...bind("auctionFacilitator")} className={inputClass}>
                  <option value="">None</option>
                  {AUCTION_FACILITATORS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </select>
              </Field>
            )}

            {mode === "spreadsheet" ? (
              <SpreadsheetImport
                url={draft.spreadsheetUrl}
                onUrlChange={(spreadsheetUrl) => setDraft((d) => ({ ...d, spreadsheetUrl }))}
                preview={draft.sheet}
                onPreview={(sheet) => setDraft((d) => ({ ...d, sheet }))}
              />
            ) : (
              <div className="flex flex-col gap-3">
                {vehicles.map((vehicle, i) => (
                  <fieldset
                    key={vehicle.key}
                    className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                    data-testid="vehicle-card"
                  >
                    <legend className="sr-only">Vehicle {i + 1}</legend>
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-sm font-semibold">
                        {mode === "single" ? "Vehicle" : `Vehicle ${i + 1}`}
                      </span>
                      <span className="flex items-center gap-2">
                        <CompleteLabel vehicle={vehicle} />
                        {mode === "multiple" && vehicles.length > 1 ? (
                          <button
                            type="button"
                            aria-label={`Remove vehicle ${i + 1}`}
                            className="rounded-md p-1.5 text-muted hover:bg-slate-200 dark:hover:bg-slate-800"
                            onClick={() =>
                              setDraft((d) => ({
                                ...d,
                                vehicles: d.vehicles.filter((v) => v.key !== vehicle.key),
                              }))
                            }
                          >
                            <Trash2 size={16} aria-hidden="true" />
                          </button>
                        ) : null}
                      </span>
                    </div>
                    <VehicleFields
                      vehicle={vehicle}
                      onChange={updateVehicle(vehicle.key)}
                      idPrefix={`vehicle-${vehicle.key}`}
                    />
                  </fieldset>
                ))}
                {mode === "multiple" ? (
                  <Button
                    variant="secondary"
                    disabled={draft.vehicles.length >= MAX_VEHICLES_PER_POST}
                    onClick={() => setDraft((d) => ({ ...d, vehicles: [...d.vehicles, emptyVehicle()] }))}
                  >
                    <Plus size={16} aria-hidden="true" /> Add another vehicle
                  </Button>
                ) : null}
              </div>
            )}

            <PhotoUploader
              ref={uploader}
              limit={POST_PHOTO_LIMIT}
              photos={draft.photos}
              onChange={(update) => setDraft((d) => ({ ...d, photos: update(d.photos) }))}
            />
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            <p className="text-xs text-muted" aria-live="polite">
              {needsVehicle
                ? "Fill in make and model of at least one vehicle to post."
                : mode === "spreadsheet"
                  ? draft.sheet
                    ? `${draft.sheet.validCount} ${draft.sheet.validCount === 1 ? "vehicle" : "vehicles"} from your sheet will be posted as one post.`
                    : "Import a file or link to post each vehicle, or post the link alone."
                  : `${complete.length} complete ${complete.length === 1 ? "vehicle" : "vehicles"} will be posted${vehicles.length > complete.length ? "; incomplete ones are left out" : ""}.`}
            </p>
            <Button type="submit" disabled={submitting || needsVehicle} data-testid="submit-post">
              {submitting ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
              {submitting ? "Posting…" : busy ? "Waiting for photos…" : "Post Inventory"}
            </Button>
          </div>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
