import { Dialog } from "radix-ui";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { PostDetail } from "#lib/api-types";
import { formatPriceCents, vehicleLabel } from "#lib/format";
import { OFFER_CLOCK_CHOICES, OFFER_CLOCK_DEFAULT_HOURS } from "#lib/schemas/offers";
import { OFFER_MESSAGE_MAX } from "#lib/schemas/offer-constants";
import { DisclosureSummary } from "./disclosure-summary";
import { offerApi } from "./offer-api";
import { OfferPriceField, readPrice, toastOfferFailed, toastOfferMade } from "./offer-price-field";

const clockLabel = (hours: number) =>
  hours % 24 === 0
    ? `${hours / 24} ${hours === 24 ? "day" : "days"}`
    : `${hours} ${hours === 1 ? "hour" : "hours"}`;

export const offerableVehicles = (post: PostDetail) => post.vehicles.filter((v) => v.status === "available");

/**
 * Make offer on another dealer's listing: which vehicle (when the post lists several), the price in whole dollars,
 * how long the seller has to answer, optional terms and a message. The vehicle and the seller's disclosures come
 * first, so the buyer offers on what was announced.
 */
export function MakeOfferDialog({
  post,
  open,
  onOpenChange,
}: {
  post: PostDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const vehicles = offerableVehicles(post);
  const blank = () => ({
    vehicleId: vehicles[0]?.id ?? "",
    price: "",
    hours: String(OFFER_CLOCK_DEFAULT_HOURS),
    pickupBy: "",
    titleStatus: "",
    transport: "",
    message: "",
  });
  const [form, setForm] = useState(blank);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (open) {
      setForm(blank());
      setError(undefined);
    }
    // A fresh form each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const vehicle = vehicles.find((v) => v.id === form.vehicleId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { dollars: price, error: wrong } = readPrice(form.price);
    setError(wrong);
    if (price === undefined) return;
    setSending(true);
    try {
      const terms = {
        ...(form.pickupBy ? { pickupBy: form.pickupBy } : {}),
        ...(form.titleStatus ? { titleStatus: form.titleStatus as "in-hand" | "absent" } : {}),
        ...(form.transport ? { transport: form.transport as "buyer" | "seller" } : {}),
      };
      const made = await offerApi.make({
        vehicleId: form.vehicleId,
        price,
        expiresInHours: Number(form.hours),
        ...(form.message.trim() ? { message: form.message.trim() } : {}),
        ...(Object.keys(terms).length ? { terms } : {}),
      });
      toastOfferMade(made.id, `${post.dealer.name} has ${clockLabel(Number(form.hours))} to answer.`);
      onOpenChange(false);
    } catch (failure) {
      toastOfferFailed(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame
        data-testid="make-offer-dialog"
        className="max-h-[94vh] w-[min(34rem,96vw)] gap-4 overflow-y-auto p-5"
      >
        <DialogHeader>Make offer</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          {post.dealer.name} can accept, counter or decline before the clock runs out. Accepting makes the
          deal.
        </Dialog.Description>
        {vehicle ? (
          <div className="flex gap-3" data-testid="offer-vehicle">
            {post.photoUrls[0] ? (
              <img src={post.photoUrls[0]} alt="" className="h-16 w-24 shrink-0 rounded-md object-cover" />
            ) : null}
            <div className="min-w-0">
              <p className="font-bold break-words">{vehicleLabel(vehicle)}</p>
              <p className="flex flex-wrap gap-x-3 text-sm text-muted">
                {vehicle.priceCents !== null ? (
                  <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                    Asking {formatPriceCents(vehicle.priceCents)}
                  </span>
                ) : null}
                {vehicle.mileage !== null ? (
                  <span>{`${vehicle.mileage.toLocaleString("en-US")} mi`}</span>
                ) : null}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted">Every vehicle on this post is sold or pending sale.</p>
        )}
        {vehicle ? <DisclosureSummary disclosures={vehicle.disclosures} /> : null}
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
          {vehicles.length > 1 ? (
            <SelectField
              label="Vehicle"
              value={form.vehicleId}
              onChange={(e) => set({ vehicleId: e.target.value })}
              options={vehicles.map((v) => ({ value: v.id, label: vehicleLabel(v) }))}
            />
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <OfferPriceField
              value={form.price}
              onChange={(e) => set({ price: e.target.value })}
              error={error}
              required
            />
            <SelectField
              label="Reply within"
              value={form.hours}
              onChange={(e) => set({ hours: e.target.value })}
              options={OFFER_CLOCK_CHOICES.map((h) => ({ value: String(h), label: clockLabel(h) }))}
            />
            <TextField
              label="Pick up by"
              type="date"
              value={form.pickupBy}
              onChange={(e) => set({ pickupBy: e.target.value })}
            />
            <SelectField
              label="Title"
              value={form.titleStatus}
              onChange={(e) => set({ titleStatus: e.target.value })}
              options={[
                { value: "", label: "Not said" },
                { value: "in-hand", label: "In hand" },
                { value: "absent", label: "Absent" },
              ]}
            />
            <SelectField
              className="col-span-2"
              label="Transport"
              value={form.transport}
              onChange={(e) => set({ transport: e.target.value })}
              options={[
                { value: "", label: "Not part of the offer" },
                { value: "buyer", label: "I arrange it" },
                { value: "seller", label: `${post.dealer.name} arranges it` },
              ]}
            />
          </div>
          <TextAreaField
            label="Message (optional)"
            rows={2}
            maxLength={OFFER_MESSAGE_MAX}
            value={form.message}
            onChange={(e) => set({ message: e.target.value })}
          />
          <DialogActions cancelDisabled={sending}>
            <Button type="submit" disabled={sending || !vehicle}>
              {sending ? "Sending…" : "Send offer"}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
