import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conflict } from "../shared/errors";

export const UPLOAD_LINK_USED = "This upload link has already been used";

/**
 * A signed upload address takes one PUT, also when several arrive at once: the PUT that inserts the claim
 * (keyed on the R2 key) writes, every other one is 409. Looking for the object in R2 first could not do it:
 * PUTs arriving together all find nothing there, then each overwrites the last.
 */
export function uploadClaimsOf(db: Database) {
  return {
    /** 409 when another PUT claimed the address first. */
    async claim(key: string, expiresAtSeconds: number): Promise<void> {
      const claimed = await db.all<{ key: string }>(sql`
        insert into upload_claims (key, expires_at) values (${key}, ${expiresAtSeconds * 1000})
        on conflict (key) do nothing
        returning key`);
      if (claimed.length === 0) throw conflict(UPLOAD_LINK_USED);
    },

    /** Gives the address back: its bytes could not be stored, nothing is in R2, and it may be tried again. */
    async release(key: string): Promise<void> {
      await db.run(sql`delete from upload_claims where key = ${key}`);
    },
  };
}

export type UploadClaims = ReturnType<typeof uploadClaimsOf>;
