import type { MiddlewareHandler } from "hono";
import { readCookie, serializeCookie } from "#lib/cookies";
import { D1Meter } from "../db/meter";
import { batchReads } from "../db/read-batcher";
import { gateWrites } from "../db/write-gate";
import { createServices } from "../services";
import { networkOf } from "../db/network-wall";
import type { AppEnv } from "./types";

/** Where the browser keeps its D1 bookmark (pages) and where API clients send and read it. */
const BOOKMARK_COOKIE = "dl_d1";
const BOOKMARK_HEADER = "X-D1-Bookmark";
/** A bookmark is the position of a write in the database's history: a short run of hex groups. */
const BOOKMARK = /^[0-9a-f]{1,16}(-[0-9a-f]{1,64}){1,7}$/i;
/** Long enough for any replica to catch up; the bookmark only ever has to outlive replication lag. */
const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function bookmarkOf(request: Request): string | null {
  const sent =
    request.headers.get(BOOKMARK_HEADER) ?? readCookie(request.headers.get("Cookie"), BOOKMARK_COOKIE);
  return sent && BOOKMARK.test(sent) ? sent : null;
}

/**
 * One D1 session per request (docs/decisions/0015-read-replicas-and-round-trips.md): reads start at
 * the nearest replica unless the browser holds a bookmark, in which case they start at a replica at least as
 * new as the dealer's own last write; a write request starts at the primary. The new bookmark goes back in a
 * cookie (pages) and a header (API clients), so a dealer always reads their own writes. Every D1 trip of the
 * request is counted and reported in `Server-Timing`, with the request's total time.
 */
export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  const sent = bookmarkOf(c.req.raw);
  const session = c.env.DB.withSession(
    sent ?? (WRITES.has(c.req.method) ? "first-primary" : "first-unconstrained"),
  );
  const meter = new D1Meter();
  const gate = gateWrites(batchReads(meter.wrap(session)));
  c.set("writeGate", gate);
  c.set(
    "services",
    createServices(c.env, {
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      database: gate.database,
      // The outbox's own database: its trips counted with the rest, its writes held by the same gate.
      outboxDatabase: gate.gate(meter.wrap(c.env.OUTBOX_DB)),
      // The bell's own database, the same way.
      bellDatabase: gate.gate(meter.wrap(c.env.BELL_DB)),
      // My Stats' own database, the same way; its reads started together (My Stats' period and all-time
      // figures) go as one batch, as the main database's do.
      statsDatabase: gate.gate(batchReads(meter.wrap(c.env.STATS_DB))),
      // Unknown until the session is looked up (worker/http/session.ts): then the viewer's own network.
      network: () => {
        const session = c.get("session");
        return session === undefined ? undefined : networkOf(session?.viewer.dealer);
      },
    }),
  );
  c.set("d1Meter", meter);
  await next();

  // A socket's 101 answer cannot carry new headers.
  if (c.res.status === 101) return;
  const timing = [...meter.serverTiming()];
  const render = c.get("renderMs");
  if (render !== undefined) timing.push(`render;dur=${render.toFixed(1)}`);
  timing.push(`total;dur=${(performance.now() - started).toFixed(1)}`);
  const headers = new Headers({ "Server-Timing": timing.join(", ") });
  const bookmark = session.getBookmark();
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  // The browser keeps the bookmark of its own writes that took; a read's bookmark is no promise worth a
  // cookie (and a cached public page must not carry one), and a refused write answers exactly as before.
  if (bookmark && bookmark !== sent && WRITES.has(c.req.method) && c.res.status < 400)
    headers.append(
      "Set-Cookie",
      serializeCookie(BOOKMARK_COOKIE, bookmark, c.req.url, BOOKMARK_MAX_AGE_SECONDS),
    );
  try {
    headers.forEach((value, name) => c.res.headers.append(name, value));
  } catch {
    // Immutable headers (an answer passed through from a binding): answer with a copy that can take them.
    const copy = new Response(c.res.body, c.res);
    headers.forEach((value, name) => copy.headers.append(name, value));
    c.res = copy;
  }
};
