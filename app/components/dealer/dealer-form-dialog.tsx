import { useFetcher } from "@remix-run/react";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog } from "radix-ui";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useSchemaForm } from "~/components/ui/form";
import { dealerFormSchema } from "#lib/schemas/dealer";
import { useActionToast } from "~/components/ui/action-toast";
import type { DealerActionResult } from "~/utils/dealer-directory.server";
import type { DirectoryDealer } from "./dealer-bits";
import { DealerFields } from "./dealer-fields";

type Mode = { kind: "create" } | { kind: "edit"; dealer: DirectoryDealer };

/** The create and edit dealer forms' fields, in the dialog's order. */
const DIALOG_FIELDS = [
  "name",
  "email",
  "phone",
  "dealershipName",
  "dealershipType",
  "profileType",
  "address",
  "city",
  "state",
  "zipCode",
  "licenseNumber",
  "website",
  "description",
  "buysCanadianVehicles",
] as const;

/**
 * Create and edit dealer dialogs: required Full Name, Email, Phone, Dealership Name,
 * Address, City, State, ZIP Code; optional License Number, Website, Business Description. One form on
 * `dealerFormSchema`, checked in the browser and by the screen's action; a field's problem shows on the
 * field, and the 'Error' toast is for a failure the fields do not explain.
 */
export function DealerFormDialog({
  mode,
  open,
  onOpenChange,
  onSaved,
}: {
  mode: Mode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (dealer: DirectoryDealer) => void;
}) {
  const fetcher = useFetcher<DealerActionResult>();
  useActionToast(fetcher.data);
  const reported = useRef<unknown>(null);
  const baseId = useId();
  // A new form id each time the dialog opens: conform starts over from the dealer's values.
  const [round, setRound] = useState(0);
  const dealer = mode.kind === "edit" ? mode.dealer : null;
  const saving = fetcher.state !== "idle";
  const { form, fields, formProps } = useSchemaForm(dealerFormSchema, {
    id: `${baseId}-${round}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: {
      name: dealer?.name ?? "",
      email: dealer?.email ?? "",
      phone: dealer?.phone ?? "",
      dealershipName: dealer?.dealershipName ?? "",
      dealershipType: dealer?.dealershipType ?? "independent",
      profileType: dealer?.profileType ?? "seller",
      address: dealer?.address ?? "",
      city: dealer?.city ?? "",
      state: dealer?.state ?? "",
      zipCode: dealer?.zipCode ?? "",
      licenseNumber: dealer?.licenseNumber ?? "",
      website: dealer?.website ?? "",
      description: dealer?.description ?? "",
      buysCanadianVehicles: dealer?.buysCanadianVehicles ? "on" : null,
    },
  });

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle" || reported.current === data) return;
    reported.current = data;
    if (data.ok && data.dealer) {
      onSaved?.(data.dealer);
      onOpenChange(false);
    }
  }, [fetcher.data, fetcher.state, onSaved, onOpenChange]);

  useEffect(() => {
    if (open) setRound((r) => r + 1);
  }, [open]);

  const title = mode.kind === "create" ? "Add a Dealer" : `Edit ${dealer?.name ?? "Dealer"}`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame className="max-h-[92dvh] w-[min(40rem,94vw)]">
        <DialogHeader className="border-b border-slate-200 p-4 dark:border-slate-800">{title}</DialogHeader>
        <Dialog.Description className="px-4 pt-3 text-sm text-muted">
          {mode.kind === "create"
            ? "Add a dealer you trade with to the directory. Fields marked * are required."
            : "Update this dealer's details. Fields marked * are required."}
        </Dialog.Description>
        <fetcher.Form
          method="post"
          {...formProps}
          className="grid gap-3 overflow-y-auto p-4 sm:grid-cols-2"
          key={form.id}
        >
          <input type="hidden" name="intent" value={mode.kind === "create" ? "create" : "update"} />
          {dealer ? <input type="hidden" name="dealerId" value={dealer.id} /> : null}
          <DealerFields fields={fields} names={DIALOG_FIELDS} perspective="other" markRequired />
        </fetcher.Form>
        <DialogActions className="flex justify-end gap-2 border-t border-slate-200 p-4 dark:border-slate-800">
          <Button type="submit" form={form.id} disabled={saving}>
            {saving ? "Saving…" : mode.kind === "create" ? "Create Dealer" : "Save Changes"}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
