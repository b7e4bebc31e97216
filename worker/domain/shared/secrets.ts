import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema";
import { randomToken } from "./ids";

/**
 * HMAC-SHA256 keys for the things the server signs (upload addresses, device cookies), and other secrets made
 * the same way (the Web Push key pair): the configured secret when there is one, otherwise one made on first use
 * and kept in D1 (app_secrets), so signatures survive restarts and work offline and in tests. Two isolates racing
 * to make it agree on the stored one.
 */
export function secretStore(db: Database) {
  async function storedSecret(
    name: string,
    make: () => string | Promise<string> = randomToken,
  ): Promise<string> {
    const stored = await db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, name))
      .get();
    if (stored) return stored.value;
    const [, rows] = await db.batch([
      db
        .insert(appSecrets)
        .values({ name, value: await make() })
        .onConflictDoNothing(),
      db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)),
    ]);
    const value = rows[0]?.value;
    if (!value) throw new Error(`The ${name} could not be stored`);
    return value;
  }

  return {
    /** The configured secret, else the one kept under `name`, made by `make` on first use (a key pair, say). */
    async secret(name: string, make: () => string | Promise<string>, configured?: string): Promise<string> {
      return configured || storedSecret(name, make);
    },
    async hmacKey(name: string, configured?: string): Promise<CryptoKey> {
      const secret = configured || (await storedSecret(name));
      return crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign", "verify"],
      );
    },
  };
}
