import { Form, useNavigation } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { choices, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { VEHICLE_STATUSES } from "#lib/schemas/inventory-constants";
import { DisclosureFields, disclosuresTouched, emptyDisclosures } from "./disclosure-fields";
import type { PostDetail } from "../../../worker/domain/inventory/types";
import { vehicleLabel } from "#lib/format";

/** One vehicle of the edit form: its price, status and disclosures. */
function VehicleEdit({ vehicle: v, index: i }: { vehicle: PostDetail["vehicles"][number]; index: number }) {
  const [disclosures, setDisclosures] = useState(() => emptyDisclosures(v.disclosures));
  // Unanswered disclosures left untouched stay unanswered: the fields post only once there is something to say.
  const posted = v.disclosures != null || disclosuresTouched(disclosures);
  return (
    <div className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_8rem] sm:items-end dark:border-slate-700">
      <input type="hidden" name={`vehicles[${i}].id`} value={v.id} />
      <p className="col-span-2 text-sm font-medium sm:col-span-1">{vehicleLabel(v)}</p>
      <TextField
        label="Price ($)"
        name={`vehicles[${i}].price`}
        inputMode="decimal"
        defaultValue={v.price ?? ""}
      />
      <SelectField
        label="Status"
        name={`vehicles[${i}].status`}
        defaultValue={v.status}
        options={choices(...VEHICLE_STATUSES)}
      />
      <DisclosureFields
        value={disclosures}
        onChange={setDisclosures}
        idPrefix={`edit-${v.id}`}
        name={posted ? `vehicles[${i}].disclosures` : undefined}
      />
    </div>
  );
}

/** The author's edit form: a plain form to the post page's action, intent "edit". */
export function EditDialog({ post, onOpenChange }: { post: PostDetail; onOpenChange: (o: boolean) => void }) {
  const saving = useNavigation().formData?.get("intent") === "edit";
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame className="max-h-[90dvh] w-[min(40rem,calc(100vw-1.5rem))] gap-4 overflow-y-auto p-5">
        <DialogHeader>Edit post</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          Change the text, prices, disclosures and what is sold. Dealers who commented or are looking for a
          vehicle here hear about a lower price.
        </Dialog.Description>
        <Form method="post" className="flex flex-col gap-3" onSubmit={() => onOpenChange(false)}>
          <input type="hidden" name="intent" value="edit" />
          <TextField label="Title" name="title" defaultValue={post.title} required maxLength={200} />
          <TextAreaField
            label="Description"
            name="description"
            defaultValue={post.description}
            rows={4}
            maxLength={5000}
          />
          {post.vehicles.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-semibold">Vehicles</legend>
              {post.vehicles.map((v, i) => (
                <VehicleEdit key={v.id} vehicle={v} index={i} />
              ))}
            </fieldset>
          ) : null}
          <DialogActions>
            <Button type="submit" disabled={saving}>
              Save changes
            </Button>
          </DialogActions>
        </Form>
      </DialogFrame>
    </Dialog.Root>
  );
}
