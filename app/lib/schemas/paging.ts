/** A list's paging in its query string: the cursor it answered in X-Next-Cursor, and how many a page holds. */
import { z } from "zod";

export const cursorParam = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.string().max(300, "Invalid cursor").optional(),
);

export const limitParam = (pageSize: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Number(v)),
    z
      .number({ error: "Limit must be a number" })
      .int("Limit must be a whole number")
      .min(1, "Limit must be at least 1")
      .max(100, "Limit must be at most 100")
      .default(pageSize),
  );
