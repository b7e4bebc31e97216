/** The headers a paged API answer carries; apart from the answer schemas so the browser's client needs no zod. */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
export const TOTAL_COUNT_HEADER = "X-Total-Count";
