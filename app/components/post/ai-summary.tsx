import { Sparkles } from "~/components/ui/icons";
import { parseAiSummary } from "~/lib/schemas/inventory";

/** Core spec §3: the list of {text} items; raw text when it is not a list; 'No vehicle data available' when empty. */
export function AiSummary({ text }: { text: string | null }) {
  const summary = parseAiSummary(text);
  return (
    <section aria-label="AI summary" className="ai-summary">
      <h4>
        <Sparkles size={14} aria-hidden="true" /> AI summary
      </h4>
      {"raw" in summary ? (
        <p className="text-sm">{summary.raw}</p>
      ) : summary.items.length === 0 ? (
        <p className="text-sm text-muted">No vehicle data available</p>
      ) : (
        // The bullets are the list's own markers: a card is rendered for every post of the feed, per request.
        <ul>
          {summary.items.map((item, i) => (
            <li key={i}>{item.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
