import { ChevronDown } from "~/components/ui/icons";
import { inputClass } from "~/components/ui/field";
import {
  DISCLOSURE_KEYS_MAX,
  DISCLOSURE_NOTES_MAX,
  disclosuresSchema,
  type Disclosures,
} from "#lib/schemas/disclosures";
import {
  announcementsLabel,
  DISCLOSURE_ANSWERS,
  DISCLOSURE_KEYS,
  DISCLOSURE_QUESTIONS,
  type DisclosureAnswer,
  type DisclosureQuestion,
} from "#lib/schemas/disclosure-constants";

/** The disclosures as the form holds them: answers, and keys as typed. */
export type DisclosuresDraft = Record<DisclosureQuestion, DisclosureAnswer> & { keys: string; notes: string };

/** The form's draft of stored disclosures, or of none (every answer unknown). */
export const emptyDisclosures = (stored?: Disclosures | null): DisclosuresDraft => ({
  ...(Object.fromEntries(DISCLOSURE_KEYS.map((k) => [k, stored?.[k] ?? "unknown"])) as Record<
    DisclosureQuestion,
    DisclosureAnswer
  >),
  keys: stored?.keys == null ? "" : String(stored.keys),
  notes: stored?.notes ?? "",
});

/** Untouched (every answer unknown, no keys, no notes): the vehicle goes out with its disclosures unanswered. */
export const disclosuresTouched = (d: DisclosuresDraft) =>
  DISCLOSURE_KEYS.some((k) => d[k] !== "unknown") || d.keys.trim() !== "" || d.notes.trim() !== "";

const ANSWER_LABELS: Record<DisclosureAnswer, string> = { yes: "Yes", no: "No", unknown: "Unknown" };

/** What the seller has said so far, on the closed section's line. */
function summaryOf(d: DisclosuresDraft): string {
  if (!disclosuresTouched(d)) return "Not answered";
  const parsed = disclosuresSchema.safeParse(d);
  return parsed.success ? announcementsLabel(parsed.data) : "Check the keys";
}

/**
 * The seller's announcements for one vehicle, folded under "Disclosures" so the form stays short on a phone:
 * each question a yes / no / unknown radio group, then the keys and notes.
 */
export function DisclosureFields({
  value,
  onChange,
  idPrefix,
  name,
}: {
  value: DisclosuresDraft;
  onChange: (update: (d: DisclosuresDraft) => DisclosuresDraft) => void;
  idPrefix: string;
  /** In a plain form, the fields post as `name.frameDamage`, `name.keys`…; without it they post nothing. */
  name?: string;
}) {
  const id = (field: string) => `${idPrefix}-disclosures-${field}`;
  const posted = (field: string) => (name ? `${name}.${field}` : undefined);
  return (
    <details
      className="group col-span-2 rounded-lg border border-slate-200 sm:col-span-3 dark:border-slate-700"
      data-testid="disclosure-fields"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <span>Disclosures</span>
        <span className="flex items-center gap-1 text-xs font-normal text-muted">
          {summaryOf(value)}
          <ChevronDown size={16} aria-hidden="true" className="transition-transform group-open:rotate-180" />
        </span>
      </summary>
      <div className="flex flex-col gap-2 border-t border-slate-200 px-3 py-3 dark:border-slate-700">
        {DISCLOSURE_KEYS.map((question) => (
          <div
            key={question}
            role="radiogroup"
            aria-labelledby={id(`${question}-label`)}
            className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
          >
            <span id={id(`${question}-label`)} className="text-sm">
              {DISCLOSURE_QUESTIONS[question]}
            </span>
            <div className="flex shrink-0 overflow-hidden rounded-md border border-slate-300 text-xs font-medium dark:border-slate-600">
              {DISCLOSURE_ANSWERS.map((answer) => (
                <label
                  key={answer}
                  className={`flex-1 cursor-pointer px-3 py-1.5 text-center focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-inset sm:flex-none ${
                    answer === "yes"
                      ? "has-[:checked]:bg-amber-600 has-[:checked]:text-white"
                      : "has-[:checked]:bg-brand-600 has-[:checked]:text-white"
                  }`}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={posted(question) ?? id(question)}
                    value={answer}
                    checked={value[question] === answer}
                    onChange={() => onChange((d) => ({ ...d, [question]: answer }))}
                  />
                  {ANSWER_LABELS[answer]}
                </label>
              ))}
            </div>
          </div>
        ))}
        <div className="grid grid-cols-[6rem_1fr] items-start gap-3 pt-1">
          <div className="flex flex-col gap-1">
            <label htmlFor={id("keys")} className="text-sm font-medium">
              Keys
            </label>
            <input
              id={id("keys")}
              name={posted("keys")}
              type="number"
              inputMode="numeric"
              min={0}
              max={DISCLOSURE_KEYS_MAX}
              step={1}
              value={value.keys}
              onChange={(e) => onChange((d) => ({ ...d, keys: e.target.value }))}
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={id("notes")} className="text-sm font-medium">
              Disclosure notes
            </label>
            <textarea
              id={id("notes")}
              name={posted("notes")}
              rows={2}
              maxLength={DISCLOSURE_NOTES_MAX}
              value={value.notes}
              onChange={(e) => onChange((d) => ({ ...d, notes: e.target.value }))}
              placeholder="e.g. Rear bumper repainted"
              className={inputClass}
            />
          </div>
        </div>
      </div>
    </details>
  );
}

/** The API's disclosures from the form's: none when the seller left them untouched. */
export const toDisclosuresInput = (d: DisclosuresDraft): Partial<Disclosures> | undefined =>
  disclosuresTouched(d)
    ? ({ ...d, keys: d.keys.trim() === "" ? null : Number(d.keys) } as Disclosures)
    : undefined;
