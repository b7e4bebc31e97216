import { sql } from "drizzle-orm";
import { worst, type Check, type HealthReport } from "#lib/system-status";
import type { Database } from "../../db/client";

/** A check slower than this is "degraded"; one that has not answered by the timeout is "down". */
const HEALTH_DEGRADED_AFTER_MS = 1000;
const HEALTH_TIMEOUT_MS = 2000;
/** The landing's dealer counter does not need to be exact to the second: one count a minute per isolate. */
const DEALER_COUNT_TTL_MS = 60_000;
let dealerCount: { value: number; at: number } | null = null;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    const latencyMs = Date.now() - started;
    return { status: latencyMs > HEALTH_DEGRADED_AFTER_MS ? "degraded" : "operational", latencyMs };
  } catch (error) {
    console.warn("health check failed:", error instanceof Error ? error.message : error);
    return { status: "down", latencyMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** What the signed-out site needs from the back end: the dealer counter and the live system status. */
export function publicSiteService(db: Database, env: Pick<Env, "PHOTOS" | "DEALER_INBOX">) {
  return {
    /** Dealerships that are members of the network (a dealer added to the directory by another dealer is not). */
    async countDealers(): Promise<number> {
      if (dealerCount && Date.now() - dealerCount.at < DEALER_COUNT_TTL_MS) return dealerCount.value;
      const rows = await db.all<{ n: number }>(
        sql`select count(*) as n from dealers where account_id is not null`,
      );
      dealerCount = { value: rows[0]?.n ?? 0, at: Date.now() };
      return dealerCount.value;
    },

    /** D1 answers a query, R2 answers a HEAD (a missing object is fine), a Durable Object answers a ping. */
    async health(): Promise<HealthReport> {
      const [database, storage, realtime] = await Promise.all([
        timed(() => db.all(sql`select 1 as ok`)),
        timed(() => env.PHOTOS.head("health-check")),
        timed(async () => {
          const inbox = env.DEALER_INBOX.get(env.DEALER_INBOX.idFromName("health"));
          if ((await inbox.ping()) !== "pong") throw new Error("unexpected ping answer");
        }),
      ]);
      return {
        status: worst(database.status, storage.status, realtime.status),
        checkedAt: new Date().toISOString(),
        services: { database, storage, realtime },
      };
    },
  };
}
