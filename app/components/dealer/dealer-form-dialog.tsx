import { useFetcher } from "@remix-run/react";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { SelectField, TextField, inputClass } from "~/components/ui/field";
import { DEALERSHIP_TYPES, STATE_CODES } from "~/lib/constants";
import { dealerCreateSchema, dealerUpdateSchema } from "~/lib/schemas/dealer";
import { toast } from "~/lib/toast";
import type { DealerActionResult } from "~/utils/dealer-directory.server";
import { typeLabel, type DirectoryDealer } from "./dealer-bits";

type Mode = { kind: "create" } | { kind: "edit"; dealer: DirectoryDealer };

const STATE_OPTIONS = [{ value: "", label: "Choose…" }, ...STATE_CODES.map((s) => ({ value: s, label: s }))];

/**
 * Create and edit dealer dialogs (business spec §5): required Full Name, Email, Phone, Dealership Name,
 * Address, City, State, ZIP Code; optional License Number, Website, Business Description. Checked in the
 * browser with the server's schema, then saved through the screen's action.
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reported = useRef<unknown>(null);
  const formId = useId();
  const dealer = mode.kind === "edit" ? mode.dealer : null;
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle" || reported.current === data) return;
    reported.current = data;
    toast(data.toast);
    setErrors(data.fieldErrors ?? {});
    if (data.ok && data.dealer) {
      onSaved?.(data.dealer);
      onOpenChange(false);
    }
  }, [fetcher.data, fetcher.state, onSaved, onOpenChange]);

  useEffect(() => {
    if (open) setErrors({});
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed =
      mode.kind === "create"
        ? dealerCreateSchema.safeParse(values)
        : dealerUpdateSchema.safeParse({ buysCanadianVehicles: "false", ...values });
    if (parsed.success) return;
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    toast({
      title: "Error",
      description:
        mode.kind === "create"
          ? "Failed to create dealer"
          : (Object.values(found)[0] ?? "Failed to update dealer"),
      variant: "destructive",
    });
  }

  const title = mode.kind === "create" ? "Add a Dealer" : `Edit ${dealer?.name ?? "Dealer"}`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[min(40rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl dark:bg-slate-900">
          <DialogHeader className="border-b border-slate-200 p-4 dark:border-slate-800">{title}</DialogHeader>
          <Dialog.Description className="px-4 pt-3 text-sm text-slate-600 dark:text-slate-400">
            {mode.kind === "create"
              ? "Add a dealer you trade with to the directory. Fields marked * are required."
              : "Update this dealer's details. Fields marked * are required."}
          </Dialog.Description>
          <fetcher.Form
            id={formId}
            method="post"
            noValidate
            onSubmit={submit}
            className="grid gap-3 overflow-y-auto p-4 sm:grid-cols-2"
            key={dealer?.id ?? "create"}
          >
            <input type="hidden" name="intent" value={mode.kind === "create" ? "create" : "update"} />
            {dealer ? <input type="hidden" name="dealerId" value={dealer.id} /> : null}
            <TextField
              label="Full Name *"
              name="name"
              autoComplete="name"
              defaultValue={dealer?.name}
              error={errors.name}
            />
            <TextField
              label="Email *"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={dealer?.email ?? ""}
              error={errors.email}
            />
            <TextField
              label="Phone *"
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={dealer?.phone ?? ""}
              error={errors.phone}
            />
            <TextField
              label="Dealership Name *"
              name="dealershipName"
              defaultValue={dealer?.dealershipName}
              error={errors.dealershipName}
            />
            <SelectField
              label="Dealership Type"
              name="dealershipType"
              defaultValue={dealer?.dealershipType ?? "independent"}
              options={DEALERSHIP_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
              error={errors.dealershipType}
            />
            <SelectField
              label="Profile Type"
              name="profileType"
              defaultValue={dealer?.profileType ?? "seller"}
              options={[
                { value: "seller", label: "Seller" },
                { value: "buyer", label: "Buyer" },
              ]}
            />
            <TextField
              label="Address *"
              name="address"
              autoComplete="street-address"
              defaultValue={dealer?.address}
              error={errors.address}
              className="sm:col-span-2"
            />
            <TextField
              label="City *"
              name="city"
              autoComplete="address-level2"
              defaultValue={dealer?.city}
              error={errors.city}
            />
            <div className="grid grid-cols-2 gap-3">
              <SelectField
                label="State *"
                name="state"
                defaultValue={dealer?.state ?? ""}
                options={STATE_OPTIONS}
                error={errors.state}
              />
              <TextField
                label="ZIP Code *"
                name="zipCode"
                autoComplete="postal-code"
                defaultValue={dealer?.zipCode}
                error={errors.zipCode}
              />
            </div>
            <TextField
              label="License Number"
              name="licenseNumber"
              defaultValue={dealer?.licenseNumber ?? ""}
              error={errors.licenseNumber}
            />
            <TextField
              label="Website"
              name="website"
              type="url"
              placeholder="https://"
              defaultValue={dealer?.website ?? ""}
              error={errors.website}
            />
            <div className="flex flex-col gap-1 sm:col-span-2">
              <label htmlFor={`${formId}-description`} className="text-sm font-medium">
                Business Description
              </label>
              <textarea
                id={`${formId}-description`}
                name="description"
                rows={3}
                defaultValue={dealer?.description ?? ""}
                className={inputClass}
                aria-invalid={errors.description ? true : undefined}
              />
              {errors.description ? (
                <p className="text-sm text-red-600 dark:text-red-400">{errors.description}</p>
              ) : null}
            </div>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                name="buysCanadianVehicles"
                value="true"
                defaultChecked={dealer?.buysCanadianVehicles}
                className="h-4 w-4"
              />
              Buys Canadian vehicles
            </label>
          </fetcher.Form>
          <div className="flex justify-end gap-2 border-t border-slate-200 p-4 dark:border-slate-800">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" form={formId} disabled={saving}>
              {saving ? "Saving…" : mode.kind === "create" ? "Create Dealer" : "Save Changes"}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
