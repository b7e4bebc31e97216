import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { DateTime, useClock } from "~/components/ui/clock";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { toastFailure } from "#lib/api-client";
import type { Deal } from "#lib/api-types";
import {
  DISPUTE_FILES_MAX,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  DISPUTE_TEXT_MAX,
  disputeWindowEndsAt,
  type Dispute,
  type DisputeReason,
} from "#lib/schemas/disputes";
import { toast } from "#lib/toast";
import { disputeApi } from "./dispute-api";
import { DisputeFileList, DisputeFilePicker } from "./dispute-files";
import { usePages } from "./use-pages";

const STATUS_TEXT: Record<Dispute["status"], string> = {
  open: "Open · waiting for the seller's answer",
  answered: "Answered · DealerLane decides next",
  decided: "Decided",
};

function statusText(dispute: Dispute) {
  if (dispute.status !== "decided") return STATUS_TEXT[dispute.status];
  return dispute.prevails === "buyer" ? "Decided for the buyer" : "Decided for the seller";
}

/**
 * The buyer's dispute or the seller's answer: the text, the chat's files to attach and (opening) the reason;
 * `send` makes the call and the form toasts its outcome.
 */
function DisputeForm({
  dealId,
  kind,
  send,
  onDone,
  onCancel,
}: {
  dealId: string;
  kind: "open" | "answer";
  send(input: { text: string; reason: DisputeReason; attachments: string[] }): Promise<Dispute>;
  onDone(d: Dispute): void;
  onCancel(): void;
}) {
  const opening = kind === "open";
  // The chat's files, read when a form that attaches them opens.
  const files = usePages(dealId, disputeApi.chatFiles, {
    wanted: true,
    failed: "Could not load the chat's files",
  });
  const [reason, setReason] = useState<DisputeReason>("not-as-described");
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(opening ? "Say what is wrong" : "Your answer is required");
    setSaving(true);
    try {
      onDone(await send({ text, reason, attachments: picked }));
      toast(
        opening
          ? { title: "Dispute opened", description: "The seller is told and can answer; DealerLane decides." }
          : { title: "Answer sent", description: "The buyer is told; DealerLane decides next." },
      );
    } catch (failure) {
      toastFailure("Error", failure, opening ? "Could not open the dispute" : "Could not send the answer");
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-label={opening ? "Open a dispute" : "Answer the dispute"}
      noValidate
    >
      {opening ? (
        <SelectField
          label="Reason"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as DisputeReason)}
          options={DISPUTE_REASONS.map((r) => ({ value: r, label: DISPUTE_REASON_LABELS[r] }))}
        />
      ) : null}
      <TextAreaField
        label={opening ? "What is wrong" : "Your answer (once)"}
        name={opening ? "description" : "answer"}
        rows={4}
        maxLength={DISPUTE_TEXT_MAX}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <DisputeFilePicker
        files={files.items}
        picked={picked}
        onChange={setPicked}
        max={DISPUTE_FILES_MAX}
        showMore={files.showMore}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={opening ? "danger" : "primary"} disabled={saving}>
          {opening ? "Open the dispute" : "Send the answer"}
        </Button>
      </div>
    </form>
  );
}

/** One dispute: what the buyer said, the seller's answer, DealerLane's decision. */
export function DisputeStory({ dispute }: { dispute: Dispute }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">{DISPUTE_REASON_LABELS[dispute.reason]}</span> ·{" "}
        {dispute.buyer?.name ?? "The buyer"} · <DateTime at={dispute.createdAt} />
      </p>
      <p className="whitespace-pre-wrap wrap-anywhere">{dispute.description}</p>
      <DisputeFileList files={dispute.attachments} label="The buyer's photos and files" />
      {dispute.answer ? (
        <div className="flex flex-col gap-2 border-l-2 border-slate-300 pl-3 dark:border-slate-600">
          <p className="text-xs text-muted">
            {dispute.seller?.name ?? "The seller"} answered
            {dispute.answeredAt ? (
              <>
                {" "}
                · <DateTime at={dispute.answeredAt} />
              </>
            ) : null}
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere">{dispute.answer}</p>
          <DisputeFileList files={dispute.answerAttachments} label="The seller's photos and files" />
        </div>
      ) : null}
      {dispute.status === "decided" ? (
        <p className="rounded-md bg-slate-100 p-2 dark:bg-slate-800" data-testid="dispute-decision">
          <span className="font-medium">{statusText(dispute)}</span>
          {dispute.decisionNotes ? `: ${dispute.decisionNotes}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A completed deal's disputes in Pass Thru Sales: the buyer opens one within the window, with photos and files
 * from the chat; the seller answers once; both see the status and DealerLane's decision.
 */
export function DealDisputes({ deal }: { deal: Deal }) {
  const { now } = useClock();
  const [form, setForm] = useState<"open" | "answer" | null>(null);
  const completed = deal.status === "completed" && deal.myRole !== "recorder";
  const {
    items: disputes,
    setItems: setDisputes,
    showMore,
  } = usePages(deal.id, disputeApi.list, { wanted: completed, failed: "Could not load the disputes" });

  if (!completed || disputes === null) return null;
  const completedAt = deal.completedAt ? Date.parse(deal.completedAt) : null;
  const windowEnds = completedAt === null ? null : disputeWindowEndsAt(completedAt);
  const canOpen =
    deal.myRole === "buyer" &&
    windowEnds !== null &&
    now <= windowEnds &&
    !disputes.some((d) => d.status !== "decided");
  if (disputes.length === 0 && !canOpen) return null;
  const replace = (dispute: Dispute) => {
    setDisputes((list) => [dispute, ...(list ?? []).filter((d) => d.id !== dispute.id)]);
    setForm(null);
  };

  return (
    <section
      aria-labelledby="deal-disputes-heading"
      className="flex flex-col gap-3"
      data-testid="deal-disputes"
    >
      <h3 id="deal-disputes-heading" className="font-semibold">
        Disputes
      </h3>
      {disputes.map((dispute) => (
        <article
          key={dispute.id}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
          data-testid="deal-dispute"
        >
          {dispute.status === "decided" ? null : (
            <p className="text-xs font-semibold text-amber-700 dark:text-amber-400">{statusText(dispute)}</p>
          )}
          <DisputeStory dispute={dispute} />
          {deal.myRole === "seller" && dispute.status === "open" ? (
            form === "answer" ? (
              <DisputeForm
                dealId={deal.id}
                kind="answer"
                send={({ text, attachments }) =>
                  disputeApi.answer(deal.id, dispute.id, { answer: text, attachments })
                }
                onDone={replace}
                onCancel={() => setForm(null)}
              />
            ) : (
              <Button className="self-start" onClick={() => setForm("answer")}>
                Answer
              </Button>
            )
          ) : null}
        </article>
      ))}
      {showMore ? (
        <Button variant="ghost" className="self-start" onClick={() => void showMore()}>
          Show earlier disputes
        </Button>
      ) : null}
      {canOpen ? (
        form === "open" ? (
          <DisputeForm
            dealId={deal.id}
            kind="open"
            send={({ text, reason, attachments }) =>
              disputeApi.open(deal.id, { reason, description: text, attachments })
            }
            onDone={replace}
            onCancel={() => setForm(null)}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted">
              Something wrong with the vehicle, title or odometer? You can open a dispute until{" "}
              <DateTime at={windowEnds!} />.
            </p>
            <Button variant="secondary" onClick={() => setForm("open")}>
              Open a dispute
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}
