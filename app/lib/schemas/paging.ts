import { z } from "zod";

/** An empty query value ("" or spaces, as forms send it) means "not given". */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** `cursor`: the X-Next-Cursor of the previous page, opaque to the client. */
export const pageCursor = (max = 300) =>
  z.preprocess(blank, z.string().max(max, "Invalid cursor").optional());

/** `limit`: the page size, `fallback` when not given. */
export const pageLimit = (fallback: number, max = 100) =>
  z.preprocess(
    (v) => (blank(v) === undefined ? undefined : Number(v)),
    z
      .number({ error: "Limit must be a number" })
      .int("Limit must be a whole number")
      .min(1, "Limit must be at least 1")
      .max(max, `Limit must be at most ${max}`)
      .default(fallback),
  );

/** A plain list's query: a cursor and a page size (null is refused, so the document never offers it). */
export const pageQuery = (fallback: number, { max = 100, cursorMax = 300 } = {}) =>
  z.object({ cursor: pageCursor(cursorMax), limit: pageLimit(fallback, max) });
