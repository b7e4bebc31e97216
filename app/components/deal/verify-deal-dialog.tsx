import { CheckCircle2 } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { DialogHeader } from "~/components/ui/dialog-header";
import { binder } from "~/components/ui/form";
import { SelectField, TextField } from "~/components/ui/field";
import { answerOf, api, toastFailure } from "#lib/api-client";
import type { Deal } from "#lib/api-types";
import { AUCTION_LOCATIONS } from "#lib/deals/auction-locations";
import {
  AUCTION_PLATFORMS,
  AUCTION_PLATFORM_LABELS,
  COMPLETION_SUCCESS_MS,
  DEAL_TEXTS,
  defaultCompletionYear,
  defaultPassThruYear,
  needsAuctionLocation,
  pleaseFillIn,
  type AuctionPlatform,
} from "#lib/deals/constants";
import { toWholeNumber, VIN_EXACT_MESSAGE } from "#lib/schemas/deals";
import { formatDollars } from "#lib/format";
import { toast } from "#lib/toast";
import { VIN_LENGTH } from "#lib/vin";
import { dealApi } from "./deal-api";
import { DealVehicleFields, type DealVehicleForm } from "./deal-vehicle-fields";

type Form = DealVehicleForm & Record<"auction" | "auctionLocation" | "sellerName", string>;

function initialForm(deal: Deal | null, mode: "complete" | "new"): Form {
  const year = mode === "new" ? defaultPassThruYear() : defaultCompletionYear();
  return {
    vin: deal?.vin ?? "",
    year: String(deal?.year ?? year),
    miles: deal ? String(deal.miles) : "",
    make: deal?.make ?? "",
    model: deal?.model ?? "",
    trim: deal?.trim ?? "",
    location: deal?.location ?? "",
    price: deal ? String(Math.floor(deal.priceCents / 100)) : "",
    auction: deal?.auction ?? "",
    auctionLocation: deal?.auctionLocation ?? "",
    sellerName: deal?.sellerName ?? "",
  };
}

/** VIN, make, model and price, then the auction location for the nine platforms that need one. */
export function missingFields(form: Form): string[] {
  const missing = [
    ...(form.vin.trim() ? [] : ["VIN"]),
    ...(form.make.trim() ? [] : ["make"]),
    ...(form.model.trim() ? [] : ["model"]),
    ...(form.price.trim() ? [] : ["price"]),
  ];
  if (needsAuctionLocation(form.auction) && !form.auctionLocation.trim()) missing.push("auction location");
  return missing;
}

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The confirmed deal to complete; null records a new pass-thru closed elsewhere. */
  deal: Deal | null;
  myEmail: string;
  onCompleted?(id: string): void;
};

/**
 * 'Verify Deal Details': the completion form with a live summary; then
 * 'Processing...', then the success view with confetti for 3 seconds, then the dialog closes and the parent
 * hears of it. Without a deal it is the New Pass Thru flow (default year last year, 'Pass Thru Created!').
 */
export function VerifyDealDialog({ open, onOpenChange, deal, myEmail, onCompleted }: Props) {
  const mode = deal ? "complete" : "new";
  const [form, setForm] = useState<Form>(() => initialForm(deal, mode));
  const [state, setState] = useState<"editing" | "submitting" | "success">("editing");
  const decoded = useRef<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (!open) return;
    setForm(initialForm(deal, mode));
    setState("editing");
    decoded.current = deal?.vin ?? null;
  }, [open, deal, mode]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const bind = binder(form, set);

  const onVin = (vin: string) => {
    if (vin.length !== VIN_LENGTH || decoded.current === vin) return;
    decoded.current = vin;
    answerOf(api.GET("/api/vin/{vin}", { params: { path: { vin } } }))
      .then((result) => {
        if (!result.recognized) {
          toast({ title: "Invalid VIN number", variant: "destructive" });
          return;
        }
        setForm((f) => ({
          ...f,
          year: result.year ? String(result.year) : f.year,
          make: f.make || (result.make ?? ""),
          model: f.model || (result.model ?? ""),
          trim: f.trim || (result.trim ?? ""),
        }));
        const lines = [result.year, result.make, result.model, result.trim].filter(Boolean).join(" ");
        toast({ title: "VIN Decoded Successfully", description: lines });
      })
      .catch(() => toast({ title: "Failed to decode VIN. Please verify manually.", variant: "destructive" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingFields(form);
    if (missing.length > 0) {
      toast({ ...DEAL_TEXTS.missing, description: pleaseFillIn(missing), variant: "destructive" });
      return;
    }
    if (form.vin.length !== VIN_LENGTH) {
      toast({ title: DEAL_TEXTS.invalidVin.title, description: VIN_EXACT_MESSAGE, variant: "destructive" });
      return;
    }
    setState("submitting");
    const sellerIsMe = deal?.myRole === "seller";
    const payload = {
      dealId: deal?.id,
      vin: form.vin,
      year: toWholeNumber(form.year),
      make: form.make.trim(),
      model: form.model.trim(),
      trim: form.trim.trim(),
      miles: Math.max(0, toWholeNumber(form.miles)),
      location: form.location.trim(),
      price: Math.max(0, toWholeNumber(form.price)),
      auction: form.auction,
      auctionLocation: form.auctionLocation,
      sellerName: form.sellerName.trim(),
      sellerEmail: sellerIsMe ? myEmail : "",
      buyerEmail: sellerIsMe ? "" : myEmail,
      completedAt: new Date().toISOString(),
    };
    try {
      const { id } = await dealApi.complete(payload);
      void dealApi.notifyCompletion(id, payload.buyerEmail, payload);
      toast(mode === "new" ? DEAL_TEXTS.passThruCreated : DEAL_TEXTS.verified);
      setState("success");
      void import("canvas-confetti").then(({ default: confetti }) =>
        // On the page's own thread: the default cannon draws in a blob: worker, which the page's policy refuses.
        confetti.create(undefined, { useWorker: false, resize: true, disableForReducedMotion: true })({
          particleCount: 140,
          spread: 80,
          origin: { y: 0.6 },
        }),
      );
      closeTimer.current = setTimeout(() => {
        onOpenChange(false);
        onCompleted?.(id);
      }, COMPLETION_SUCCESS_MS);
    } catch (error) {
      setState("editing");
      toastFailure(DEAL_TEXTS.completeFailed.title, error, DEAL_TEXTS.completeFailed.fallback);
    }
  };

  const platform = form.auction as AuctionPlatform | "";
  const locations = platform ? AUCTION_LOCATIONS[platform] : [];
  const priceText = form.price.trim() ? formatDollars(Math.max(0, toWholeNumber(form.price)) * 100) : "—";

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (state === "submitting" ? undefined : onOpenChange(next))}
    >
      <DialogFrame
        data-testid="verify-deal-dialog"
        className="max-h-[94vh] w-[min(44rem,96vw)] gap-4 overflow-y-auto p-5"
      >
        <DialogHeader>{mode === "new" ? "New Pass Thru" : DEAL_TEXTS.verifyTitle}</DialogHeader>
        {state === "success" ? (
          <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
            <CheckCircle2 size={56} className="text-emerald-500" aria-hidden="true" />
            <p className="text-xl font-semibold">{DEAL_TEXTS.success}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{DEAL_TEXTS.emailSent}</p>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
            <Dialog.Description className="text-sm text-muted">
              {mode === "new"
                ? "Record a deal you closed with a dealer outside DealerLane."
                : "Check every detail against the title and the vehicle before you complete the deal."}
            </Dialog.Description>
            <DealVehicleFields form={form} set={set} onVin={onVin}>
              {mode === "new" ? <TextField label="Seller name" {...bind("sellerName")} /> : null}
              <SelectField
                label="Auction platform"
                value={form.auction}
                // Choosing another platform clears the auction location.
                onChange={(e) => set({ auction: e.target.value, auctionLocation: "" })}
                options={[
                  { value: "", label: "No auction" },
                  ...AUCTION_PLATFORMS.map((p) => ({ value: p, label: AUCTION_PLATFORM_LABELS[p] })),
                ]}
              />
              {platform && locations.length > 0 ? (
                <SelectField
                  className="col-span-2"
                  label={needsAuctionLocation(platform) ? "Auction location (required)" : "Auction location"}
                  {...bind("auctionLocation")}
                  options={[
                    { value: "", label: "Choose a location" },
                    ...locations.map((l) => ({ value: l, label: l })),
                  ]}
                />
              ) : platform ? (
                <TextField className="col-span-2" label="Auction location" {...bind("auctionLocation")} />
              ) : null}
            </DealVehicleFields>
            <section
              aria-label="Deal summary"
              aria-live="polite"
              className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60"
            >
              <h3 className="mb-1 font-semibold">Summary</h3>
              <p data-testid="deal-summary">
                {[form.year, form.make, form.model, form.trim].filter((x) => x.trim()).join(" ") || "Vehicle"}{" "}
                · {priceText}
                {form.miles.trim() ? ` · ${toWholeNumber(form.miles).toLocaleString("en-US")} mi` : ""}
                {form.location.trim() ? ` · ${form.location.trim()}` : ""}
                {platform ? ` · ${AUCTION_PLATFORM_LABELS[platform]}` : ""}
                {form.auctionLocation ? ` (${form.auctionLocation})` : ""}
              </p>
              <p className="mt-1 font-mono text-xs text-slate-500 dark:text-slate-400">
                {form.vin || "VIN not set"}
              </p>
            </section>
            <DialogActions cancelDisabled={state === "submitting"}>
              <Button type="submit" disabled={state === "submitting"}>
                {state === "submitting"
                  ? DEAL_TEXTS.processing
                  : mode === "new"
                    ? "Create Pass Thru"
                    : "Complete Deal"}
              </Button>
            </DialogActions>
          </form>
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
