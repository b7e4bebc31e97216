import type { Context } from "hono";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "#lib/api-headers";
import type { Page } from "../domain/shared/cursors";
import type { AppEnv } from "../http/types";

/**
 * A list as every list answers: a JSON array, the next page's cursor in
 * `X-Next-Cursor` (absent on the last page), and `X-Total-Count` where the total came for free.
 */
export function answerList<T>(c: Context<AppEnv>, page: Page<T>) {
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.total !== undefined) c.header(TOTAL_COUNT_HEADER, String(page.total));
  c.header("Cache-Control", "no-store");
  return c.json(page.items, 200);
}

/** Today's date as a download's name carries it (YYYY-MM-DD, UTC). */
export const today = () => new Date().toISOString().slice(0, 10);

/** A download every export answers the same way: saved as `filename`, never cached. */
export function attachment(body: BodyInit | null, type: string, filename: string) {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
