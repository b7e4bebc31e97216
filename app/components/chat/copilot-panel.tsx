import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { RelativeTime } from "~/components/ui/clock";
import type { ReactNode } from "react";
import type { LocalMessage } from "./use-conversation";

const TIPS = [
  "Confirm VIN, mileage and title status in writing before you agree a price.",
  "Ask for recent photos of the odometer, tyres and any damage.",
  "Agree who arranges transport and when the gate pass is issued.",
];

/** AI Copilot: static tips, message count, last activity and a hint from the latest message's words. */
export function hintFor(text: string): { kind: "price" | "inspection" | "general"; text: string } {
  if (/price|\$/i.test(text)) {
    return {
      kind: "price",
      text: "Price talk: compare with recent auction results for the same year, trim and miles before you counter.",
    };
  }
  if (/condition|inspection/i.test(text)) {
    return {
      kind: "inspection",
      text: "Condition question: offer a third-party inspection or a condition report to keep the deal moving.",
    };
  }
  return {
    kind: "general",
    text: "Keep it moving: confirm availability, price and pickup date in one message.",
  };
}

/**
 * The Copilot's part of the chat's panel (chat-tools-panel.tsx gives it its title). `children`: the chat's deal
 * actions (app/components/deal/chat-deal-tools.tsx), under the hint.
 */
export function CopilotPanel({ messages, children }: { messages: LocalMessage[]; children?: ReactNode }) {
  const last = messages.at(-1);
  const hint = hintFor(last?.content ?? "");
  return (
    <div className="flex flex-col gap-4 p-4">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-lg bg-slate-100 p-2 dark:bg-slate-800">
          <dt className="text-xs text-muted">Messages</dt>
          <dd className="font-semibold" data-testid="copilot-count">
            {messages.length}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-100 p-2 dark:bg-slate-800">
          <dt className="text-xs text-muted">Last activity</dt>
          <dd className="font-semibold">{last ? <RelativeTime at={last.createdAt} /> : "—"}</dd>
        </div>
      </dl>
      <p
        className="rounded-lg border border-brand-500/40 bg-brand-600/10 p-3 text-sm"
        data-testid="copilot-hint"
        data-kind={hint.kind}
      >
        {hint.text}
      </p>
      {children}
      <div>
        <h3 className="mb-1 text-sm font-medium">Tips</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** What a Basic dealer sees instead of the AI Copilot: what it adds, and the way to Premium. */
export function CopilotUpsell({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 p-4">
      <p className="text-sm text-muted">
        Price and inspection hints from each conversation, with deal tips as you chat. The AI Copilot comes
        with the Premium Plan.
      </p>
      <Link to="/subscribe?plan=premium" className={buttonClass("primary", "self-start")}>
        Upgrade to Premium
      </Link>
      {children}
    </div>
  );
}
