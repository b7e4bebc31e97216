/** What a page action answers to an `intent` none of its buttons sends (with status 400). */
export const UNKNOWN_ACTION = "Unknown action: this page has no button for it";

/**
 * The entry (a handler, a toast) a form's `intent` names, looked up among the table's own names only:
 * `__proto__`, `constructor` or `valueOf` name nothing, whatever every object inherits. Undefined otherwise.
 */
export function byIntent<Entry>(table: Readonly<Record<string, Entry>>, intent: unknown): Entry | undefined {
  return typeof intent === "string" && Object.hasOwn(table, intent) ? table[intent] : undefined;
}
