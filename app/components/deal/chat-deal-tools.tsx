import { FlaskConical, Handshake, Sparkles } from "~/components/ui/icons";
import { useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { detectDeal, type DetectedDeal } from "#lib/deal-detection";
import { formatDollars } from "#lib/format";
import type { DealDraft } from "./propose-deal-dialog";
import { ProposeDealDialog } from "./on-demand";
import { SampleDealPopup } from "./sample-deal-popup";

type Message = { content: string; senderId: string };

const describe = (d: DetectedDeal) =>
  [d.year, d.make, d.model, d.trim].filter(Boolean).join(" ") || (d.vin ? `VIN ${d.vin}` : "a vehicle");

/**
 * The deal actions of a chat, for the Copilot panel: "Create a deal from this?" when the latest
 * messages name a vehicle and a price (app/lib/deal-detection), "Propose deal", and the Test Deal
 * Popup, which shows the 'Pending Confirmation' dialog with a sample and stores nothing.
 */
export function ChatDealTools({
  peer,
  me,
  messages,
}: {
  peer: { id: string; name: string } | null;
  me: string;
  messages: readonly Message[];
}) {
  const [draft, setDraft] = useState<{ draft: DealDraft; source: string } | null>(null);
  const [sampleOpen, setSampleOpen] = useState(false);
  const detected = useMemo(() => {
    for (const message of [...messages].reverse().slice(0, 10)) {
      const found = detectDeal(message.content);
      if (found) return { found, fromMe: message.senderId === me };
    }
    return null;
  }, [messages, me]);

  return (
    <div className="flex flex-col gap-3">
      {peer && detected ? (
        <div
          className="rounded-lg border border-emerald-500/40 bg-emerald-600/10 p-3 text-sm"
          data-testid="copilot-deal-suggestion"
        >
          <p className="flex items-center gap-2 font-medium">
            <Sparkles size={14} aria-hidden="true" /> Create a deal from this?
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {describe(detected.found)} at {formatDollars(detected.found.price * 100)}
          </p>
          <Button
            className="mt-2 w-full"
            onClick={() =>
              setDraft({
                source: "Filled in from your conversation",
                draft: {
                  // Whoever named the price is offering the vehicle.
                  role: detected.fromMe ? "seller" : "buyer",
                  ...detected.found,
                },
              })
            }
          >
            Create deal
          </Button>
        </div>
      ) : null}
      {peer ? (
        <Button variant="secondary" onClick={() => setDraft({ draft: {}, source: "" })}>
          <Handshake size={16} aria-hidden="true" /> Propose deal
        </Button>
      ) : null}
      <Button variant="ghost" onClick={() => setSampleOpen(true)}>
        <FlaskConical size={16} aria-hidden="true" /> Test Deal Popup
      </Button>
      {sampleOpen ? <SampleDealPopup onClose={() => setSampleOpen(false)} /> : null}
      {peer && draft ? (
        <ProposeDealDialog
          open
          onOpenChange={(next) => (!next ? setDraft(null) : undefined)}
          counterparty={peer}
          draft={draft.draft}
          source={draft.source || undefined}
        />
      ) : null}
    </div>
  );
}
