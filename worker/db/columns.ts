import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** The column kinds both databases' schemas share (worker/db/schema.ts, worker/db/outbox-schema.ts). */

/** Unix epoch milliseconds; every timestamp in the database uses this. */
export const timestamp = (name: string) => integer(name, { mode: "number" });

export const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
