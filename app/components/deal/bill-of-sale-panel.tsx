import { useState } from "react";
import { CheckCircle2, Clock, Download, FileCheck2 } from "~/components/ui/icons";
import { AppLink } from "~/components/ui/app-link";
import { Button, buttonClass } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import type { Deal } from "#lib/api-types";
import { SIGNING_PROFILE_FIELD_LABELS, type SigningProfileField } from "#lib/bill-of-sale";
import { SignBillOfSaleDialog } from "./sign-bill-of-sale-dialog";

const fieldList = (fields: SigningProfileField[]) =>
  fields.map((f) => SIGNING_PROFILE_FIELD_LABELS[f]).join(" and ");

/** Who has signed the Bill of Sale, and what the signed-in dealer can do next. */
export function signingState(deal: Deal) {
  const signed = (id: string | undefined) => deal.signatures.find((s) => s.dealerId === id);
  const seller = signed(deal.seller?.id);
  const buyer = signed(deal.buyer?.id);
  const mine = deal.myRole === "seller" ? seller : deal.myRole === "buyer" ? buyer : undefined;
  const signable =
    (deal.status === "confirmed" || deal.status === "completed") && !!deal.seller && !!deal.buyer;
  const blocked = deal.signingGaps.mine.length > 0 || deal.signingGaps.theirs.length > 0;
  const myTurn =
    signable && deal.myRole !== "recorder" && !mine && !blocked && (deal.myRole === "seller" || !!seller);
  return { seller, buyer, mine, signable, myTurn };
}

/** One line for the list of sales: where the Bill of Sale's signing stands. */
export function BillOfSaleStatusLine({ deal }: { deal: Deal }) {
  const { seller, buyer, mine, signable, myTurn } = signingState(deal);
  if (!signable) return null;
  const text =
    seller && buyer
      ? "Bill of Sale signed by both"
      : myTurn
        ? "Bill of Sale: your signature is needed"
        : deal.signingGaps.mine.length > 0
          ? "Bill of Sale: complete your profile to sign"
          : mine
            ? "Bill of Sale: waiting for the other dealer"
            : `Bill of Sale: waiting for the ${seller ? "buyer" : "seller"}`;
  return (
    <p className="mt-1 text-xs text-muted" data-testid="bill-of-sale-status">
      {text}
    </p>
  );
}

function SideStatus({
  side,
  name,
  signature,
}: {
  side: string;
  name: string | undefined;
  signature: Deal["signatures"][number] | undefined;
}) {
  return (
    <li className="flex items-start gap-2 p-3" data-testid={`signature-${side.toLowerCase()}`}>
      {signature ? (
        <CheckCircle2 size={18} className="mt-0.5 shrink-0 text-emerald-500" aria-hidden="true" />
      ) : (
        <Clock size={18} className="mt-0.5 shrink-0 text-amber-500" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-col">
        <span className="text-sm font-medium">
          {side}
          {name ? ` · ${name}` : ""}
        </span>
        <span className="text-xs text-muted">
          {signature ? (
            <>
              Signed as {signature.name} · <DateTime at={signature.at} />
            </>
          ) : (
            "Not signed yet"
          )}
        </span>
      </div>
    </li>
  );
}

/**
 * The Bill of Sale of a confirmed deal in its detail: both sides' signatures, what stands in the way (a profile
 * without its address or licence number, the seller's turn first), the Sign button and the PDF.
 */
export function BillOfSalePanel({ deal, onChanged }: { deal: Deal; onChanged(deal: Deal): void }) {
  const [signing, setSigning] = useState(false);
  if (!deal.billOfSaleUrl) return null;
  const { seller, buyer, mine, signable, myTurn } = signingState(deal);
  const other = deal.myRole === "seller" ? "buyer" : "seller";
  const both = !!seller && !!buyer;
  return (
    <section aria-labelledby={`bill-of-sale-${deal.id}`} className="flex flex-col gap-2">
      <h3 id={`bill-of-sale-${deal.id}`} className="flex items-center gap-2 font-semibold">
        <FileCheck2 size={18} aria-hidden="true" /> Bill of Sale
        <span className="text-xs font-normal text-muted">
          {both ? "signed by both dealers" : signable ? "both dealers sign, the seller first" : ""}
        </span>
      </h3>
      {signable ? (
        <ul className="grid divide-y divide-slate-200 rounded-lg border border-slate-200 sm:grid-cols-2 sm:divide-x sm:divide-y-0 dark:divide-slate-800 dark:border-slate-800">
          <SideStatus side="Seller" name={deal.seller?.name} signature={seller} />
          <SideStatus side="Buyer" name={deal.buyer?.name} signature={buyer} />
        </ul>
      ) : null}
      {deal.signingGaps.mine.length > 0 ? (
        <p
          role="status"
          className="rounded-md bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-200"
        >
          Add your {fieldList(deal.signingGaps.mine)} to your profile before signing.{" "}
          <AppLink to="/profile-edit" className="font-medium underline">
            Edit your profile
          </AppLink>
        </p>
      ) : null}
      {deal.signingGaps.theirs.length > 0 ? (
        <p role="status" className="rounded-md bg-slate-500/10 p-3 text-sm text-muted">
          Waiting for the {other} to add their {fieldList(deal.signingGaps.theirs)} to their profile.
        </p>
      ) : null}
      {signable && deal.myRole === "buyer" && !seller && deal.signingGaps.theirs.length === 0 ? (
        <p className="text-sm text-muted">
          The seller signs first: the odometer statement is theirs to make.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <a className={buttonClass("secondary")} href={deal.billOfSaleUrl} download data-testid="bill-of-sale">
          <Download size={16} aria-hidden="true" />{" "}
          {both ? "Signed Bill of Sale (PDF)" : "Bill of Sale (PDF)"}
        </a>
        {myTurn ? <Button onClick={() => setSigning(true)}>Sign Bill of Sale</Button> : null}
        {mine && !both ? (
          <span className="self-center text-sm text-muted">You signed; waiting for the {other}.</span>
        ) : null}
      </div>
      {signing ? (
        <SignBillOfSaleDialog
          deal={deal}
          onOpenChange={setSigning}
          onSigned={(signed) => {
            setSigning(false);
            onChanged(signed);
          }}
        />
      ) : null}
    </section>
  );
}
