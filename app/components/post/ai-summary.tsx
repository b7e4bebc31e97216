import { ChevronDown, Sparkles } from "~/components/ui/icons";
import { parseAiSummary } from "#lib/schemas/inventory-constants";

/**
 * The post's AI summary: the list of {text} items; raw text when it is not a list; 'No vehicle data available' when empty.
 * One line of facts that opens to all of them (a <details>, so it works before JavaScript loads; open on an
 * expanded post); the empty text is a quiet note, not a box.
 */
export function AiSummary({ text, open = false }: { text: string | null; open?: boolean }) {
  const summary = parseAiSummary(text);
  const facts = "raw" in summary ? [summary.raw] : summary.items.map((item) => item.text);
  if (facts.length === 0) {
    return (
      <p className="ai-summary-empty" data-testid="ai-summary">
        <Sparkles size={12} aria-hidden="true" /> AI summary · No vehicle data available
      </p>
    );
  }
  return (
    <details className="ai-summary" data-testid="ai-summary" open={open}>
      <summary>
        <Sparkles size={14} aria-hidden="true" className="shrink-0 text-brand-600 dark:text-brand-400" />
        <span className="ai-summary-label">AI summary</span>
        <span className="ai-summary-facts">
          {facts.map((fact, i) => (
            <span key={i}>{fact}</span>
          ))}
        </span>
        <ChevronDown size={14} aria-hidden="true" className="ai-summary-chevron" />
      </summary>
    </details>
  );
}
