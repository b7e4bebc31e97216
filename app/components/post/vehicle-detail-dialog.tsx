import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog } from "radix-ui";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { binder } from "~/components/ui/form";
import { VEHICLE_AUCTION_CHOICES, VEHICLE_FORM_PHOTO_LIMIT } from "#lib/schemas/inventory";
import { VIN_LENGTH } from "#lib/vin";
import { PhotoUploader, uploadsBusy, type PhotoUpload } from "./photo-uploader";
import { emptyVehicle, VehicleFields, type VehicleDraft } from "./vehicle-fields";

const AUCTION_LABELS: Record<(typeof VEHICLE_AUCTION_CHOICES)[number], string> = {
  manheim: "Manheim",
  adesa: "ADESA",
  copart: "Copart",
  iaai: "IAA",
  autoauction: "Auto auction",
  custom: "Custom",
};

/**
 * The vehicle-detail form: the vehicle fields plus notes, location, an at-dealership flag,
 * up to 30 photos and a preferred auction (kept in the form, not sent). Add Vehicle needs a 17-character
 * VIN, a make and a model; the vehicle then joins the post form.
 */
export function VehicleDetailDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (vehicle: VehicleDraft, photos: PhotoUpload[]) => void;
}) {
  const [vehicle, setVehicle] = useState<VehicleDraft>(() => emptyVehicle({ atDealership: true }));
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const [auction, setAuction] = useState("");
  const ready =
    vehicle.vin.length === VIN_LENGTH && vehicle.make.trim() !== "" && vehicle.model.trim() !== "";
  const busy = uploadsBusy(photos);
  const bind = binder(vehicle, (patch) => setVehicle((v) => ({ ...v, ...patch })));

  const add = () => {
    if (!ready || busy) return;
    onAdd(vehicle, photos);
    setVehicle(emptyVehicle({ atDealership: true }));
    setPhotos([]);
    setAuction("");
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame
        overlay="z-40 bg-black/60"
        sheet
        data-testid="vehicle-detail-dialog"
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(42rem,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:bg-slate-900"
      >
        <DialogHeader className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          Add Vehicle
        </DialogHeader>
        <Dialog.Description className="sr-only">
          Describe one vehicle; it is added to your post.
        </Dialog.Description>
        <form
          className="flex min-h-0 flex-1 flex-col"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4">
            <VehicleFields vehicle={vehicle} onChange={setVehicle} idPrefix="vehicle-detail" vinStrict>
              <TextField
                className="col-span-2 sm:col-span-3"
                id="vehicle-detail-location"
                label="Location"
                {...bind("location")}
                maxLength={120}
                placeholder="e.g. Back lot, row C"
              />
              <TextAreaField
                className="col-span-2 sm:col-span-3"
                id="vehicle-detail-notes"
                label="Notes"
                rows={3}
                {...bind("notes")}
                maxLength={1000}
              />
              <CheckboxField
                className="col-span-2 sm:col-span-3"
                label="Vehicle is at the dealership"
                checked={vehicle.atDealership ?? false}
                onChange={(e) => setVehicle((v) => ({ ...v, atDealership: e.target.checked }))}
              />
              <SelectField
                className="col-span-2 sm:col-span-3"
                id="vehicle-detail-auction"
                label="Preferred auction (for your reference, not posted)"
                value={auction}
                onChange={(e) => setAuction(e.target.value)}
                options={[
                  { value: "", label: "No preference" },
                  ...VEHICLE_AUCTION_CHOICES.map((c) => ({ value: c, label: AUCTION_LABELS[c] })),
                ]}
              />
            </VehicleFields>
            <PhotoUploader
              limit={VEHICLE_FORM_PHOTO_LIMIT}
              photos={photos}
              onChange={setPhotos}
              label="Vehicle photos"
            />
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            <p className="text-xs text-muted">
              {ready
                ? busy
                  ? "Waiting for the photos to finish uploading…"
                  : "Ready to add."
                : "VIN (17 characters), make and model are needed."}
            </p>
            <DialogActions className="flex gap-2">
              <Button type="submit" disabled={!ready || busy} data-testid="add-vehicle">
                Add Vehicle
              </Button>
            </DialogActions>
          </div>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
