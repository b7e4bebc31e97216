import { summarizeVehicles, type SummaryItem, type SummaryLocation, type SummaryVehicle } from "./ai-summary";

/** The slice of the Workers AI binding the summary uses; present only when an `AI` binding is configured. */
export type AiBinding = { run(model: string, input: unknown): Promise<unknown> };

const AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";
const AI_TIMEOUT_MS = 4000;

/**
 * The post's "AI summary": Workers AI writes it when the binding is configured, from the
 * facts the rule-based summariser computed (so the model rewrites, never invents); any failure, slowness or
 * malformed answer falls back to the rule-based list, which is also the offline default.
 */
export async function writeSummary(
  vehicles: readonly SummaryVehicle[],
  location: SummaryLocation,
  ai?: AiBinding,
): Promise<SummaryItem[]> {
  const facts = summarizeVehicles(vehicles, location);
  if (!ai || facts.length === 0) return facts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await Promise.race([
      ai.run(AI_MODEL, {
        messages: [
          {
            role: "system",
            content:
              'You summarise a used-vehicle wholesale listing for car dealers. Answer only a JSON array of at most 6 objects {"text": string}, each a short factual line. Use only the facts given.',
          },
          { role: "user", content: facts.map((f) => f.text).join("\n") },
        ],
        max_tokens: 300,
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("Workers AI timed out")), AI_TIMEOUT_MS);
      }),
    ]);
    const text = (answer as { response?: unknown })?.response;
    const parsed: unknown =
      typeof text === "string" ? JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1)) : null;
    if (
      Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.length <= 8 &&
      parsed.every((i) => i && typeof i === "object" && typeof (i as { text?: unknown }).text === "string")
    ) {
      return parsed.map((i) => ({ text: String((i as { text: string }).text).slice(0, 200) }));
    }
  } catch (error) {
    console.warn(
      "AI summary fell back to the rule-based one:",
      error instanceof Error ? error.message : error,
    );
  } finally {
    clearTimeout(timer);
  }
  return facts;
}
