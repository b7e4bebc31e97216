import { Dialog } from "radix-ui";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { DialogHeader } from "~/components/ui/dialog-header";
import { binder } from "~/components/ui/form";
import { SelectField, TextField } from "~/components/ui/field";
import { toastFailure } from "#lib/api-client";
import { commissionCents, DEAL_TEXTS, defaultCompletionYear, pleaseFillIn } from "#lib/deals/constants";
import { filterVin, toWholeNumber } from "#lib/schemas/deals";
import { formatDollars } from "#lib/format";
import { toast, toastError } from "#lib/toast";
import { VIN_LENGTH } from "#lib/vin";
import { dealApi } from "./deal-api";
import { DealVehicleFields } from "./deal-vehicle-fields";

export type DealDraft = {
  role?: "seller" | "buyer";
  postId?: string;
  vin?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  miles?: number | null;
  color?: string | null;
  /** Whole dollars. */
  price?: number | null;
  location?: string | null;
};

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  counterparty: { id: string; name: string };
  draft: DealDraft;
  /** Shown under the title: where the fields came from ("from the post", "from the chat"). */
  source?: string;
};

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/**
 * Propose a deal ("Make a deal" on a post card, "Propose deal" in a chat, "Create a deal from
 * this?" in the Copilot): the vehicle, the price and the dealer's side; the other dealer confirms it live.
 */
export function ProposeDealDialog({ open, onOpenChange, counterparty, draft, source }: Props) {
  const blank = () => ({
    role: draft.role ?? "buyer",
    vin: filterVin(text(draft.vin)).slice(0, VIN_LENGTH),
    year: text(draft.year ?? defaultCompletionYear()),
    make: text(draft.make),
    model: text(draft.model),
    trim: text(draft.trim),
    miles: text(draft.miles),
    color: text(draft.color),
    price: text(draft.price),
    location: text(draft.location),
  });
  const [form, setForm] = useState(blank);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (open) setForm(blank());
    // Re-read the draft each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const bind = binder(form, set);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      ...(form.make.trim() ? [] : ["make"]),
      ...(form.model.trim() ? [] : ["model"]),
      ...(form.price.trim() ? [] : ["price"]),
    ];
    if (missing.length) {
      toastError(pleaseFillIn(missing), DEAL_TEXTS.missing.title);
      return;
    }
    setSending(true);
    try {
      await dealApi.propose({
        counterpartyId: counterparty.id,
        role: form.role as "seller" | "buyer",
        postId: draft.postId,
        vehicle: {
          vin: form.vin,
          year: toWholeNumber(form.year),
          make: form.make.trim(),
          model: form.model.trim(),
          trim: form.trim.trim(),
          miles: Math.max(0, toWholeNumber(form.miles)),
          color: form.color.trim(),
        },
        price: toWholeNumber(form.price),
        location: form.location.trim(),
      });
      toast({ title: "Deal Proposed", description: `${counterparty.name} can confirm it now.` });
      onOpenChange(false);
    } catch (error) {
      toastFailure("Error", error, "Failed to propose the deal");
    } finally {
      setSending(false);
    }
  };

  const price = Math.max(0, toWholeNumber(form.price)) * 100;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame
        data-testid="propose-deal-dialog"
        className="max-h-[94vh] w-[min(40rem,96vw)] gap-4 overflow-y-auto p-5"
      >
        <DialogHeader>Propose a deal to {counterparty.name}</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          {source ? `${source}. ` : ""}
          {counterparty.name} confirms it, and it joins both your Pass Thru Sales.
        </Dialog.Description>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <DealVehicleFields
            form={form}
            set={set}
            before={
              <SelectField
                className="col-span-2 sm:col-span-3"
                label="Your side"
                value={form.role}
                onChange={(e) => set({ role: e.target.value as "seller" | "buyer" })}
                options={[
                  { value: "buyer", label: `I'm buying from ${counterparty.name}` },
                  { value: "seller", label: `I'm selling to ${counterparty.name}` },
                ]}
              />
            }
          >
            <TextField label="Color" {...bind("color")} />
          </DealVehicleFields>
          <p className="text-sm text-muted">
            {price > 0
              ? `${formatDollars(price)} · estimated Pass Thru commission ${formatDollars(commissionCents(price))}`
              : "Enter the agreed price in whole dollars."}
          </p>
          <DialogActions>
            <Button type="submit" disabled={sending}>
              {sending ? "Sending…" : "Propose Deal"}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
