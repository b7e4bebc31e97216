import { z } from "zod";
import { textFromBase64Url, toBase64Url } from "./base64url";
import { badRequest } from "./errors";

/**
 * List cursors: opaque to clients — base64url of the JSON array
 * `[kind, ...values]` — and checked on the way back in. The kind names the list and the order the cursor
 * was made for, and every value has bounds, so a cursor from another list or sort, or a crafted one, is a
 * 400 and never reaches SQL as an unexpected value. Keyset values only: no offsets to push out of range.
 */

/** Bounded cursor values. `-1` stands for "none" in sort keys that may be null (nulls sort last). */
export const cursorValue = {
  id: z.string().min(1).max(100),
  name: z.string().max(300),
  /** Epoch milliseconds, or -1 for none. */
  time: z.number().int().min(-1).max(8_640_000_000_000_000),
  count: z.number().int().min(0).max(1_000_000_000),
  rating: z.number().min(-1).max(5),
  rowid: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
};

export const INVALID_CURSOR = "Invalid cursor: start again from the first page";

/** A cursor kind: `encode` for the last row of a page, `decode` a client's cursor or throw 400. */
export function cursorKind<const Kind extends string, const Values extends [z.ZodType, ...z.ZodType[]]>(
  kind: Kind,
  ...values: Values
) {
  const schema = z.tuple([z.literal(kind), ...values]);
  type Decoded = { [I in keyof Values]: z.infer<Values[I]> };
  return {
    kind,
    encode: (...parts: Decoded): string => toBase64Url(JSON.stringify([kind, ...parts])),
    /** Null when the client sent none. */
    decode(text: string | undefined | null): Decoded | null {
      if (!text) return null;
      const [, ...parts] = parseCursor(text, schema) as [Kind, ...Decoded];
      return parts as unknown as Decoded;
    },
    /** Whether a cursor text is of this kind (for lists that accept two kinds). */
    is: (text: string) => peekKind(text) === kind,
  };
}

function parseCursor(text: string, schema: z.ZodType) {
  let value: unknown;
  try {
    value = text.length <= 1000 ? JSON.parse(textFromBase64Url(text)) : undefined;
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(INVALID_CURSOR);
  return parsed.data;
}

function peekKind(text: string): unknown {
  try {
    const value: unknown = JSON.parse(textFromBase64Url(text));
    return Array.isArray(value) ? value[0] : undefined;
  } catch {
    return undefined;
  }
}

/** One page of a list as the API answers it: the items, the next cursor (null at the end), a total where cheap. */
export type Page<T> = { items: T[]; nextCursor: string | null; total?: number };

/**
 * Cuts `limit + 1` fetched rows to a page: a next cursor exists only when the extra row did, made from the
 * page's last row.
 */
export function pageOf<Row, T>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => T,
  cursorAfter: (last: Row) => string,
): Page<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? cursorAfter(last) : null };
}
