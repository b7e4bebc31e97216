import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { CheckboxField, SelectField, TextField, choices } from "~/components/ui/field";
import { ExternalLink } from "~/components/ui/icons";
import { toastFailure } from "#lib/api-client";
import type { Deal } from "#lib/api-types";
import {
  ESIGN_CONSENT_TEXT,
  ODOMETER_CERTIFICATIONS,
  ODOMETER_CERTIFICATION_LABELS,
  ODOMETER_EXEMPTION_TEXT,
  ODOMETER_EXEMPT_OVER_GVWR_LB,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  SOLD_AS_IS_TEXT,
  odometerExemption,
  signBillOfSaleSchema,
  type OdometerCertification,
  type PaymentMethod,
} from "#lib/bill-of-sale";
import { formatDollars } from "#lib/format";
import { toast } from "#lib/toast";
import { DisclosureSummary } from "~/components/offers/disclosure-summary";
import { dealApi } from "./deal-api";
import { vehicleTitle } from "./deal-facts";

const odometerOptions = choices(
  ...ODOMETER_CERTIFICATIONS.map((c) => [c, ODOMETER_CERTIFICATION_LABELS[c]] as const),
);
const paymentOptions = choices(...PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABELS[m]] as const));

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{value || "-"}</dd>
    </div>
  );
}

/**
 * "Sign Bill of Sale": a readable summary of what is signed (and the full PDF a tap away), the seller's
 * odometer certification and payment terms, the typed full name and the electronic-signature consent.
 */
export function SignBillOfSaleDialog({
  deal,
  onOpenChange,
  onSigned,
}: {
  deal: Deal;
  onOpenChange(open: boolean): void;
  onSigned(deal: Deal): void;
}) {
  const seller = deal.myRole === "seller";
  const [fullName, setFullName] = useState("");
  const [consent, setConsent] = useState(false);
  const [certification, setCertification] = useState<OdometerCertification>("actual");
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("wire");
  const [heavyVehicle, setHeavyVehicle] = useState(false);
  const [errors, setErrors] = useState<{ fullName?: string; consent?: string }>({});
  const [sending, setSending] = useState(false);
  const exemption = odometerExemption(deal.year, new Date().getFullYear(), heavyVehicle);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signBillOfSaleSchema.safeParse({
      fullName,
      consent,
      ...(seller ? { odometer: certification, paymentMethod, heavyVehicle } : {}),
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const of = (key: string) => issues.find((i) => i.path[0] === key)?.message;
      setErrors({ fullName: of("fullName"), consent: of("consent") });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const signed = await dealApi.sign(deal.id, parsed.data);
      const both = signed.signatures.length >= 2;
      toast({
        title: "Bill of Sale signed",
        description: both
          ? "Signed by both dealers: the signed PDF is ready to download."
          : "The buyer is asked to sign it now.",
      });
      onSigned(signed);
    } catch (error) {
      toastFailure("Could not sign", error, "Failed to sign the Bill of Sale");
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      {/* Over the deal's own dialog: its overlay comes later in the page, so it dims that one too. */}
      <DialogFrame
        overlay="z-50 bg-black/60"
        data-testid="sign-bill-of-sale"
        className="max-h-[94vh] w-[min(36rem,96vw)] gap-4 overflow-y-auto p-5"
      >
        <DialogHeader>Sign Bill of Sale</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          Read what you sign. Your typed name is your signature; the time, place and device are recorded.
        </Dialog.Description>
        <section
          aria-label="What you sign"
          className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
        >
          <p className="font-semibold">{vehicleTitle(deal)}</p>
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <Fact label="VIN" value={deal.vin ?? ""} />
            <Fact label="Trim / color" value={[deal.trim, deal.color].filter(Boolean).join(" · ")} />
            <Fact label="Price" value={formatDollars(deal.priceCents)} />
            <Fact label="Odometer" value={`${deal.miles.toLocaleString("en-US")} miles`} />
            <Fact
              label="Seller"
              value={deal.seller ? `${deal.seller.name}, ${deal.seller.dealershipName}` : ""}
            />
            <Fact
              label="Buyer"
              value={deal.buyer ? `${deal.buyer.name}, ${deal.buyer.dealershipName}` : ""}
            />
          </dl>
          {deal.disclosures ? (
            <DisclosureSummary disclosures={deal.disclosures} title="Disclosures agreed on" />
          ) : (
            <p className="mt-2 text-sm">The seller made no disclosures for this vehicle.</p>
          )}
          <p className="mt-2 text-xs text-muted">{SOLD_AS_IS_TEXT}</p>
          {deal.billOfSaleUrl ? (
            <a
              href={deal.billOfSaleUrl}
              target="_blank"
              rel="noreferrer"
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-600 underline dark:text-brand-400"
            >
              Read the full Bill of Sale (PDF) <ExternalLink size={14} aria-hidden="true" />
            </a>
          ) : null}
        </section>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
          {seller ? (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-semibold">Odometer disclosure and payment</legend>
              <CheckboxField
                label={`Gross vehicle weight rating over ${ODOMETER_EXEMPT_OVER_GVWR_LB.toLocaleString("en-US")} lb`}
                checked={heavyVehicle}
                onChange={(e) => setHeavyVehicle(e.target.checked)}
              />
              {exemption ? (
                <p className="text-sm text-muted">{ODOMETER_EXEMPTION_TEXT[exemption]}</p>
              ) : (
                <SelectField
                  label={`The reading of ${deal.miles.toLocaleString("en-US")} miles`}
                  options={odometerOptions}
                  value={certification}
                  onChange={(e) => setCertification(e.target.value as OdometerCertification)}
                />
              )}
              <SelectField
                label="Payment"
                options={paymentOptions}
                value={paymentMethod}
                onChange={(e) => setPaymentMethod(e.target.value as PaymentMethod)}
              />
            </fieldset>
          ) : null}
          <TextField
            label="Your full name"
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            error={errors.fullName}
          />
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? "esign-consent-error" : undefined}
              />
              <span>{ESIGN_CONSENT_TEXT}</span>
            </label>
            {errors.consent ? (
              <p id="esign-consent-error" className="text-sm text-red-600 dark:text-red-400">
                {errors.consent}
              </p>
            ) : null}
          </div>
          <DialogActions className="flex flex-wrap justify-end gap-2" cancelDisabled={sending}>
            <Button type="submit" disabled={sending}>
              {sending ? "Signing..." : "Sign Bill of Sale"}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
