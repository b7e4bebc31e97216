import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { DateTime, useClock } from "~/components/ui/clock";
import { inputClass } from "~/components/ui/field";
import { toastFailure } from "#lib/api-client";
import type { Deal } from "#lib/api-types";
import {
  CLOCK_TEXTS,
  UNWIND_AFTER_LATE_DAYS,
  clockChip,
  shortDate,
  type ClockName,
  type ClockTone,
} from "#lib/deals/clocks";
import { toast } from "#lib/toast";
import { dealApi } from "./deal-api";
import { vehicleTitle } from "./deal-facts";

const TONES: Record<ClockTone | "closed", string> = {
  done: "bg-emerald-600/15 text-emerald-800 dark:text-emerald-300",
  waiting: "bg-slate-500/15 text-slate-700 dark:text-slate-200",
  late: "bg-red-600/15 text-red-700 dark:text-red-300",
  closed: "bg-slate-500/15 text-slate-700 dark:text-slate-300 line-through",
};

function Chip({ tone, children, testId }: { tone: keyof typeof TONES; children: string; testId: string }) {
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** What is due and when, as chips: "Title due Dec 3", "Payment late by 2 days"; an unwound deal says so instead. */
export function ClockChips({ deal }: { deal: Deal }) {
  const { timeZone } = useClock();
  if (deal.status === "unwound")
    return (
      <Chip tone="closed" testId="clock-chip">
        Unwound
      </Chip>
    );
  if (!deal.title || !deal.payment) return null;
  const clocks = [
    ["title", deal.title],
    ["payment", deal.payment],
  ] as const;
  return (
    <span className="flex flex-wrap gap-1" data-testid="clock-chips">
      {clocks.map(([clock, state]) => {
        const chip = clockChip(clock, state, timeZone);
        return (
          <Chip key={clock} tone={chip.tone} testId="clock-chip">
            {chip.text}
          </Chip>
        );
      })}
      {deal.unwind?.status === "asked" ? (
        <Chip tone="late" testId="clock-chip">
          Unwind asked
        </Chip>
      ) : null}
    </span>
  );
}

type Act = (label: string, call: () => Promise<Deal>) => Promise<void>;

/** A date input and a button: one dealer proposes a new due date, the other accepts it. */
function ProposeDate({ clock, act, dealId }: { clock: ClockName; act: Act; dealId: string }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date) return;
    // The end of the chosen day where the dealer is: a date agreed means "by that day".
    const dueAt = new Date(`${date}T23:59:00`).toISOString();
    await act(CLOCK_TEXTS.dueDateProposed, () => dealApi.proposeDueDate(dealId, { clock, dueAt }));
    setOpen(false);
  };
  if (!open)
    return (
      <Button variant="ghost" className="text-xs" onClick={() => setOpen(true)}>
        Propose a new date
      </Button>
    );
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
      <label className="flex flex-col gap-1 text-xs font-medium">
        New {clock} due date
        <input
          type="date"
          required
          className={`${inputClass} py-1`}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </label>
      <Button type="submit" variant="secondary">
        Propose
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}

function ClockRow({ clock, deal, act }: { clock: ClockName; deal: Deal; act: Act }) {
  const { timeZone } = useClock();
  const state = clock === "title" ? deal.title! : deal.payment!;
  const chip = clockChip(clock, state, timeZone);
  const open = deal.status === "confirmed" || deal.status === "completed";
  const done = state.status === "received";
  const other = deal.myRole === "seller" ? deal.buyer?.name : deal.seller?.name;
  return (
    <li className="flex flex-col gap-2 p-3" data-testid={`clock-${clock}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{clock === "title" ? "Title at the buyer" : "Payment"}</span>
        <Chip tone={chip.tone} testId="clock-chip">
          {chip.text}
        </Chip>
      </div>
      <p className="text-xs text-muted">
        Due <DateTime at={state.dueAt} />
        {clock === "title"
          ? deal.title?.inHand
            ? " · title in hand at the sale"
            : " · title absent at the sale"
          : ""}
        {state.agreed ? " · date agreed by both dealers" : ""}
      </p>
      {clock === "payment" && deal.payment?.sentAt && !done ? (
        <p className="text-xs text-muted">
          Marked sent by the buyer <DateTime at={deal.payment.sentAt} />; waiting for the seller to confirm
          it.
        </p>
      ) : null}
      {state.proposal && open && !done ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-yellow-500/10 p-2 text-xs">
          {state.proposal.byMe ? (
            <span>
              You proposed {shortDate(Date.parse(state.proposal.dueAt), timeZone)}; waiting for{" "}
              {other ?? "the other dealer"}.
            </span>
          ) : (
            <>
              <span>
                {other ?? "The other dealer"} proposes {shortDate(Date.parse(state.proposal.dueAt), timeZone)}
                .
              </span>
              <Button
                variant="secondary"
                className="text-xs"
                onClick={() =>
                  void act(CLOCK_TEXTS.dueDateAgreed, () => dealApi.acceptDueDate(deal.id, { clock }))
                }
              >
                Accept {shortDate(Date.parse(state.proposal.dueAt), timeZone)}
              </Button>
            </>
          )}
        </div>
      ) : null}
      {open && !done ? (
        <div className="flex flex-wrap items-center gap-2">
          {clock === "payment" && deal.myRole === "buyer" && !deal.payment?.sentAt ? (
            <Button
              onClick={() =>
                void act(CLOCK_TEXTS.paymentSent, () => dealApi.payment(deal.id, { step: "sent" }))
              }
            >
              Mark payment sent
            </Button>
          ) : null}
          {clock === "payment" && deal.myRole === "seller" ? (
            <Button
              onClick={() =>
                void act(CLOCK_TEXTS.paymentReceived, () => dealApi.payment(deal.id, { step: "received" }))
              }
            >
              Confirm payment received
            </Button>
          ) : null}
          {clock === "title" && deal.myRole === "seller" && !deal.title?.inHand && !deal.title?.agreed ? (
            <Button
              variant="secondary"
              onClick={() => void act(CLOCK_TEXTS.titleInHand, () => dealApi.titleInHand(deal.id))}
            >
              I had the title at the sale
            </Button>
          ) : null}
          <ProposeDate clock={clock} act={act} dealId={deal.id} />
        </div>
      ) : null}
    </li>
  );
}

/** Asking to unwind (the buyer, 30 days past the title's due date) and answering (the seller). */
function UnwindRow({ deal, act }: { deal: Deal; act: Act }) {
  const { timeZone } = useClock();
  const unwind = deal.unwind;
  if (!unwind || deal.title?.status === "received") return null;
  if (deal.status === "unwound")
    return <p className="p-3 text-sm font-medium">This deal was unwound: the vehicle is listed again.</p>;
  return (
    <li className="flex flex-col gap-2 p-3" data-testid="clock-unwind">
      <span className="text-sm font-medium">Unwind</span>
      {unwind.status === "asked" ? (
        <p className="text-xs text-muted">
          The buyer asked to unwind <DateTime at={unwind.askedAt!} />.
        </p>
      ) : unwind.status === "declined" ? (
        <p className="text-xs text-muted">The seller declined to unwind.</p>
      ) : (
        <p className="text-xs text-muted">
          The buyer can ask to unwind from {shortDate(Date.parse(unwind.opensAt), timeZone)},{" "}
          {UNWIND_AFTER_LATE_DAYS} days past the title&apos;s due date, if the title has not come.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {unwind.canAsk ? (
          <Button
            variant="secondary"
            onClick={() => void act(CLOCK_TEXTS.unwindAsked, () => dealApi.askUnwind(deal.id))}
          >
            Ask to unwind
          </Button>
        ) : null}
        {unwind.canAnswer ? (
          <>
            <Button
              onClick={() =>
                void act(CLOCK_TEXTS.unwindAgreed, () => dealApi.answerUnwind(deal.id, { agree: true }))
              }
            >
              Agree to unwind
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void act(CLOCK_TEXTS.unwindDeclined, () => dealApi.answerUnwind(deal.id, { agree: false }))
              }
            >
              Decline
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** The detail dialog's clocks: what is due and when, with what this dealer can do about it. */
export function DealClocks({ deal, onChanged }: { deal: Deal; onChanged(deal: Deal): void }) {
  const [busy, setBusy] = useState(false);
  if (!deal.title || !deal.payment) return null;
  const act: Act = async (label, call) => {
    if (busy) return;
    setBusy(true);
    try {
      const changed = await call();
      toast({ title: label, description: vehicleTitle(changed) });
      onChanged(changed);
    } catch (error) {
      toastFailure("Error", error, "That did not go through. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Title and payment" aria-busy={busy}>
      <h3 className="mb-2 font-semibold">Title and payment</h3>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        <ClockRow clock="title" deal={deal} act={act} />
        <ClockRow clock="payment" deal={deal} act={act} />
        <UnwindRow deal={deal} act={act} />
      </ul>
    </section>
  );
}
