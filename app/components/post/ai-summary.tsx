import { Sparkles } from "~/components/ui/icons";
import { parseAiSummary } from "~/lib/schemas/inventory";

/** Core spec §3: the list of {text} items; raw text when it is not a list; 'No vehicle data available' when empty. */
export function AiSummary({ text }: { text: string | null }) {
  const summary = parseAiSummary(text);
  return (
    <section
      aria-label="AI summary"
      className="rounded-lg border border-brand-500/30 bg-brand-50/60 p-3 dark:bg-brand-600/10"
    >
      <h4 className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        <Sparkles size={14} aria-hidden="true" /> AI summary
      </h4>
      {"raw" in summary ? (
        <p className="text-sm">{summary.raw}</p>
      ) : summary.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No vehicle data available</p>
      ) : (
        // The bullets are the list's own markers: a card is rendered for every post of the feed, per request.
        <ul className="grid list-inside list-disc gap-x-4 gap-y-0.5 text-sm marker:text-brand-600 sm:grid-cols-2 dark:marker:text-brand-400">
          {summary.items.map((item, i) => (
            <li key={i}>{item.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
