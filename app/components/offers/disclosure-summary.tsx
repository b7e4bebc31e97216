import type { Disclosures } from "#lib/schemas/disclosures";
import { DISCLOSURE_KEYS, DISCLOSURE_QUESTIONS } from "#lib/schemas/disclosure-constants";

const ANSWER_TONE = {
  yes: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  no: "bg-emerald-600/10 text-emerald-800 dark:text-emerald-300",
  unknown: "bg-slate-500/10 text-slate-700 dark:text-slate-300",
} as const;

/**
 * The seller's announcements as an offer or a deal keeps them: every question with its answer (the yes ones
 * first, they are what dealers fight about later), the keys and the notes.
 */
export function DisclosureSummary({
  disclosures,
  title = "Seller's disclosures",
}: {
  disclosures: Disclosures | null;
  title?: string;
}) {
  if (!disclosures)
    return (
      <p className="text-sm text-muted" data-testid="disclosures">
        No disclosures were given for this vehicle.
      </p>
    );
  const ordered = [...DISCLOSURE_KEYS].sort(
    (a, b) => Number(disclosures[b] === "yes") - Number(disclosures[a] === "yes"),
  );
  return (
    <section className="flex flex-col gap-1.5" data-testid="disclosures" aria-label={title}>
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul className="flex flex-col gap-1 text-sm">
        {ordered.map((key) => (
          <li key={key} className="flex items-start justify-between gap-3">
            <span>{DISCLOSURE_QUESTIONS[key]}</span>
            <span
              className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${ANSWER_TONE[disclosures[key]]}`}
            >
              {disclosures[key]}
            </span>
          </li>
        ))}
        <li className="flex justify-between gap-3">
          <span>Keys</span>
          <span className="font-medium">{disclosures.keys ?? "not said"}</span>
        </li>
      </ul>
      {disclosures.notes ? (
        <p className="text-sm wrap-anywhere whitespace-pre-wrap text-muted">“{disclosures.notes}”</p>
      ) : null}
    </section>
  );
}
