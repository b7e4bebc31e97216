/// <reference types="node" />
/**
 * Fills the tables the bench seed leaves empty (notifications, outbox, post views, day figures, offers, deals,
 * sessions, security events) on a COPY of a bench network, by running the app's own services against its D1
 * file (scripts/sqlite-d1.ts): deal alerts from the real matching of live posts, first-message notices, offers
 * made and answered, sign-ins, views as a post's page counts them, all delivered through the real notifier and
 * outbox (bell, e-mail rendered from its template, push JSON). A simulated clock moves through FILL_DAYS, so
 * rows go in in time order with the app's own random ids, as their indexes would fill. Then the retention cron's
 * own steps: posts leave the feed and their views fold into day figures; delivered messages drop their text.
 * Prints each table's bytes per row (SQLite dbstat, pages of the table and its indexes ÷ rows), and the outbox's
 * by kind: each kind copied alone, and both together, in the same order, into a scratch file with the outbox's
 * own definition, delivered rows slimmed day by day as the daily cron does.
 *
 *   cp -r .wrangler/bench-state-500000 .wrangler/fill-500000     (never fill the bench's own copy)
 *   npx tsx scripts/fill-activity-tables.ts --persist-to .wrangler/fill-500000 [--events 200000]
 *   … --outbox-only     only the outbox's kinds again, on a copy filled before
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../worker/db/client.ts";
import { notificationCentre } from "../worker/domain/notifications/centre.ts";
import { notifier, type Delivery } from "../worker/domain/notifications/notify.ts";
import { networkNotices } from "../worker/domain/notifications/network.ts";
import { outboxService } from "../worker/domain/outbox/index.ts";
import { dealAlertService } from "../worker/domain/deal-alerts/index.ts";
import { dealMatching } from "../worker/domain/deal-alerts/matching.ts";
import { offerService } from "../worker/domain/offers/index.ts";
import { offerAnnouncements } from "../worker/domain/offers/announce.ts";
import { findPost, type PostViews } from "../worker/domain/inventory/posts.ts";
import { sessionService } from "../worker/domain/accounts/sessions.ts";
import { securityEventService } from "../worker/domain/accounts/security-events.ts";
import { foldLeftFeedViews } from "../worker/domain/retention/views.ts";
import { dropDeliveredBodies } from "../worker/domain/retention/outbox.ts";
import type { RateLimitService } from "../worker/domain/rate-limits/index.ts";
import { SENT_BODY_KEEP_DAYS } from "#lib/retention";
import { localD1File } from "./local-d1-file.ts";
import { sqliteD1 } from "./sqlite-d1.ts";
import { sizeOf, type TableSize } from "./table-sizes.ts";

const DAY_MS = 86_400_000;
/** The days the simulated clock walks through, ending at the network's newest post. */
const FILL_DAYS = 30;
const ORIGIN = "https://dealerlane.com";

/**
 * What one event of the fill is, by weight: roughly an active dealer's day (views, alerts, a first message, an
 * offer, a sign-in) so each table's rows arrive interleaved with the others', as in the app.
 */
const EVENT_WEIGHTS = { view: 55, alert: 4, message: 6, offer: 8, answer: 8, signIn: 5, failedSignIn: 3 };
type EventKind = keyof typeof EVENT_WEIGHTS;

/** Browsers and places as `clientInfo` records them (User-Agent, Cloudflare's city, region, country). */
const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S918U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
];
/** What dealers write in a first message and with an offer (a chat's preview quotes the first). */
const MESSAGES = [
  "Is the Silverado still available? I can pick it up Thursday if the numbers work.",
  "Hi, saw your F-150 post. What's your best on it, clean title?",
  "Got a buyer for a 2021 Tacoma TRD, anything close in your lot?",
  "Can you send more photos of the interior and the carfax?",
  "Still have it? Cash deal, my driver is in your area tomorrow.",
];

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

function pickEvent(): EventKind {
  const total = Object.values(EVENT_WEIGHTS).reduce((a, b) => a + b, 0);
  let r = Math.random() * total;
  for (const [kind, weight] of Object.entries(EVENT_WEIGHTS) as [EventKind, number][]) {
    r -= weight;
    if (r < 0) return kind;
  }
  return "view";
}

/** The app's services on the copy, as worker/services.ts wires them, with the outside world faked. */
function services(db: Database) {
  // The bells go into the copy's own notifications table too (the one the main database kept before the bell had
  // its own): the bytes of their rows are what is measured, and they are the same in either database.
  const centre = notificationCentre(db, db);
  const noWake = async () => {};
  // The copy's own outbox table (the one the main database kept before the outbox had its own): the bytes of
  // its rows are what is measured, and they are the same in either database.
  const outbox = outboxService(db, db, {
    email: { send: async () => ({ provider: "fake", providerId: "fake" }) },
    sms: { send: async () => ({ provider: "fake", providerId: "fake" }) },
    push: { send: async () => ({ provider: "fake", providerId: "fake" }) },
    // An unsubscribe token as long as the signed one (dealer id, category, signature).
    tokens: {
      sign: async (dealerId: string, category: string) => `${dealerId}.${category}.${"x".repeat(43)}`,
    },
    origin: ORIGIN,
    wake: noWake,
  } as unknown as Parameters<typeof outboxService>[2]);
  /** Every dealer has one phone with push on: the bench network has no devices, and a push row needs one. */
  const phones = new Map<string, string>();
  const notify = notifier(db, {
    centre,
    outbox,
    push: async () => {},
    devices: {
      devicesOf: async (ids) =>
        new Map(
          ids.map((id) => {
            if (!phones.has(id)) phones.set(id, crypto.randomUUID());
            return [id, { ids: [phones.get(id)!], off: new Set<string>() }];
          }),
        ),
    },
    origin: ORIGIN,
  });
  const fanout = async (_postId: string, deliveries: Delivery[]) =>
    void (await notify.deliverAll(deliveries));
  const rateLimits = { spend: async () => {} } as unknown as RateLimitService;
  const offerNews = offerAnnouncements(db, {
    deliver: notify.deliver,
    push: async () => {},
    postCard: async () => {},
  });
  return {
    dealAlerts: dealAlertService(db, { matching: dealMatching(db), centre, fanout }),
    notices: networkNotices(db, notify, fanout),
    offers: offerService(db, {
      rateLimits,
      setClock: async () => {},
      announce: (events) => offerNews.announce(events),
      dealConfirmed: async () => {},
    }),
    sessions: sessionService(db),
    securityEvents: securityEventService(db),
  };
}

const TABLES = [
  "notifications",
  "outbox",
  "post_views",
  "dealer_day_figures",
  "offers",
  "deals",
  "sessions",
  "security_events",
];

/** The rows this fill added to each table, and the bytes their pages (table and indexes) added. */
function added(before: TableSize[], after: TableSize[]): TableSize[] {
  return after.map((a, i) => ({
    table: a.table,
    rows: a.rows - before[i]!.rows,
    tableBytes: a.tableBytes - before[i]!.tableBytes,
    indexBytes: a.indexBytes - before[i]!.indexBytes,
  }));
}

/**
 * The outbox's rows of one kind, copied alone in their order into a scratch file made with the outbox's own
 * definition; `delivered`: then recorded as sent as the courier does and slimmed by the retention cron.
 */
async function outboxKind(
  file: string,
  kind: "email" | "push" | "all",
  delivered: boolean,
): Promise<TableSize[]> {
  const scratch = `${file}.${kind}${delivered ? "-delivered" : ""}.scratch`;
  rmSync(scratch, { force: true });
  const db = new DatabaseSync(scratch);
  try {
    db.exec(`ATTACH '${file}' AS network`);
    const definitions = db
      .prepare("SELECT sql FROM network.sqlite_master WHERE tbl_name = 'outbox' AND sql IS NOT NULL")
      .all() as { sql: string }[];
    // Its one foreign key names dealers, which the scratch file does not hold.
    for (const { sql } of definitions) db.exec(sql.replace(/,\s*FOREIGN KEY[^\n]*\n/, "\n"));
    const which = kind === "all" ? "true" : `channel = '${kind}'`;
    db.exec(`INSERT INTO outbox SELECT * FROM network.outbox WHERE ${which} ORDER BY rowid`);
    db.exec("DETACH network");
    if (delivered) {
      // Sent a minute after it was queued, as the courier does, then slimmed by the daily cron, day by day.
      db.exec(
        `UPDATE outbox SET status = 'sent', provider = 'resend', provider_id = '${crypto.randomUUID()}', sent_at = created_at + 60000, next_attempt_at = created_at + 60000`,
      );
      const { first, last } = db
        .prepare("SELECT min(next_attempt_at) AS first, max(next_attempt_at) AS last FROM outbox")
        .get() as { first: number; last: number };
      const database = openDatabase(sqliteD1(db));
      for (let day = first + DAY_MS; day <= last + (SENT_BODY_KEEP_DAYS + 1) * DAY_MS; day += DAY_MS)
        await dropDeliveredBodies(database, day);
    }
    const name = `outbox (${kind}${delivered ? ", delivered" : ""})`;
    const sizes = [{ ...sizeOf(db, "outbox"), table: name }];
    // In place, a slimmed row's page keeps the room its text took until SQLite merges underfull pages; VACUUM
    // (which D1 does not run) shows what the rows themselves weigh.
    if (delivered) {
      db.exec("VACUUM");
      sizes.push({ ...sizeOf(db, "outbox"), table: `${name} after VACUUM` });
    }
    return sizes;
  } finally {
    db.close();
    rmSync(scratch, { force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      "persist-to": { type: "string" },
      events: { type: "string", default: "200000" },
      /** Only the outbox's kinds, of a copy filled before. */
      "outbox-only": { type: "boolean", default: false },
    },
  });
  if (!values["persist-to"]) throw new Error("--persist-to <a copy of a bench state directory> is required");
  const file = localD1File(path.resolve(values["persist-to"]));
  if (values["outbox-only"]) return printSizes(await outboxKinds(file));
  const sqlite = new DatabaseSync(file);
  sqlite.exec("PRAGMA cache_size = -1000000");
  const db = openDatabase(sqliteD1(sqlite));
  // Views go into this file's post_views, as the main database kept them (a trigger raises view_count): the
  // bytes a view took there are what docs/capacity.md measured, and My Stats' database keeps the same rows.
  const oldTableViews: PostViews = {
    store: async (view) => {
      const stored = await db.run(sql`
        insert into post_views (post_id, viewer_id, created_at) values (${view.postId}, ${view.viewerId}, ${Date.now()})
        on conflict do nothing`);
      return (stored.meta.changes ?? 0) > 0;
    },
    counted: () => {},
    takenBack: (view) =>
      void db.run(
        sql`delete from post_views where post_id = ${view.postId} and viewer_id = ${view.viewerId}`,
      ),
  };
  const app = services(db);

  const ids = (query: string) => (sqlite.prepare(query).all() as { id: string }[]).map((r) => r.id);
  const livePosts = sqlite
    .prepare("SELECT id, dealer_id AS dealerId FROM inventory_posts WHERE status = 'active'")
    .all() as { id: string; dealerId: string }[];
  const dealers = ids("SELECT id FROM dealers WHERE account_id IS NOT NULL");
  const accounts = ids("SELECT id FROM accounts");
  const forSale = sqlite
    .prepare(
      `SELECT v.id, v.price_cents AS priceCents FROM vehicles v JOIN inventory_posts p ON p.id = v.post_id
       WHERE p.status = 'active' AND p.type <> 'request' AND v.status = 'available' AND v.price_cents > 0`,
    )
    .all() as { id: string; priceCents: number }[];
  const pairs = sqlite
    .prepare(
      `SELECT a.dealer_id AS sender, b.dealer_id AS receiver FROM chat_participants a
       JOIN chat_participants b ON b.chat_id = a.chat_id AND b.dealer_id <> a.dealer_id`,
    )
    .all() as { sender: string; receiver: string }[];
  const newest = (sqlite.prepare("SELECT max(created_at) AS t FROM inventory_posts").get() as { t: number })
    .t;

  const sizes = () => TABLES.map((t) => sizeOf(sqlite, t));
  const before = sizes();

  // The app reads the time from Date.now(): the fill's clock walks from FILL_DAYS ago to the newest post.
  const events = Number(values.events);
  const step = (FILL_DAYS * DAY_MS) / events;
  let clock = newest - FILL_DAYS * DAY_MS;
  const realNow = Date.now.bind(Date);
  Date.now = () => clock;

  const open: { offerId: string; seller: string; buyer: string; priceCents: number }[] = [];
  const counts: Record<string, number> = {};
  const started = realNow();
  sqlite.exec("BEGIN");
  for (let i = 0; i < events; i++) {
    clock += step;
    const kind = pickEvent();
    counts[kind] = (counts[kind] ?? 0) + 1;
    try {
      switch (kind) {
        case "view": {
          const post = pick(livePosts);
          await findPost(db, post.id, { id: pick(dealers), views: oldTableViews });
          break;
        }
        case "alert":
          await app.dealAlerts.alertForPost(pick(livePosts).id);
          break;
        case "message": {
          const { sender, receiver } = pick(pairs);
          await app.notices.messageSent({
            id: crypto.randomUUID(),
            chatId: "",
            senderId: sender,
            receiverId: receiver,
            content: pick(MESSAGES),
            createdAt: new Date(clock).toISOString(),
          } as Parameters<typeof app.notices.messageSent>[0]);
          break;
        }
        case "offer": {
          const vehicle = pick(forSale);
          const buyer = pick(dealers);
          const price = Math.round((vehicle.priceCents * (0.88 + Math.random() * 0.08)) / 10_000) * 100;
          const offer = await app.offers.make(buyer, {
            vehicleId: vehicle.id,
            price,
            expiresInHours: 24,
            message: Math.random() < 0.5 ? pick(MESSAGES) : undefined,
            terms: { titleStatus: "in-hand", transport: "buyer" },
          });
          open.push({ offerId: offer.id, seller: "", buyer, priceCents: price * 100 });
          break;
        }
        case "answer": {
          // The newest first: a dealer answers while the clock runs.
          const offer = open.pop();
          if (!offer) break;
          const [row] = sqlite
            .prepare("SELECT seller_id AS seller FROM offers WHERE id = ?")
            .all(offer.offerId) as {
            seller: string;
          }[];
          const r = Math.random();
          if (r < 0.35) await app.offers.accept(row!.seller, offer.offerId);
          else if (r < 0.75)
            await app.offers.counter(row!.seller, offer.offerId, {
              price: Math.round((offer.priceCents * 1.04) / 10_000) * 100,
              message: pick(MESSAGES),
            });
          else await app.offers.decline(row!.seller, offer.offerId, {});
          break;
        }
        case "signIn": {
          const account = pick(accounts);
          const client = { userAgent: pick(USER_AGENTS), place: "Houston, TX, US" };
          await app.sessions.start(account, client);
          await app.securityEvents.record(account, "signed-in", client);
          break;
        }
        case "failedSignIn":
          await app.securityEvents.record(pick(accounts), "sign-in-failed", {
            userAgent: pick(USER_AGENTS),
            place: "Dallas, TX, US",
          });
          break;
      }
    } catch (error) {
      // A refusal the app would answer with a 4xx (a sold vehicle, an open offer already): the event is skipped.
      if (!(error instanceof Error && "status" in error)) throw error;
      const reason = `${kind} refused: ${error.message}`;
      counts[reason] = (counts[reason] ?? 0) + 1;
    }
    if (i % 5000 === 4999) {
      sqlite.exec("COMMIT; BEGIN");
      process.stderr.write(`${i + 1} events, ${Math.round((realNow() - started) / 1000)} s\n`);
    }
  }
  sqlite.exec("COMMIT");
  const filled = added(before, sizes());

  // The cron's fold: half the viewed posts leave the feed, and their (post, viewer) rows become day figures.
  Date.now = realNow;
  sqlite.exec(`UPDATE inventory_posts SET status = 'expired', updated_at = ${clock}
    WHERE id IN (SELECT DISTINCT post_id FROM post_views WHERE abs(random()) % 2 = 0)`);
  while ((await foldLeftFeedViews(db)) > 0);
  const folded = added(before, sizes()).find((s) => s.table === "dealer_day_figures")!;
  sqlite.close();

  const kinds = await outboxKinds(file);
  console.log(`Events: ${JSON.stringify(counts)}\n`);
  printSizes([...filled.filter((f) => f.table !== "dealer_day_figures"), folded, ...kinds]);
}

const outboxKinds = async (file: string) => [
  ...(await outboxKind(file, "email", false)),
  ...(await outboxKind(file, "push", false)),
  ...(await outboxKind(file, "email", true)),
  ...(await outboxKind(file, "push", true)),
  // Both kinds as the app interleaves them (a notification's e-mail beside its push), slimmed together.
  ...(await outboxKind(file, "all", true)),
];

function printSizes(sizes: TableSize[]) {
  console.log("| Table | Rows added | Table (MB) | Indexes (MB) | Bytes per row (table + indexes) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const s of sizes) {
    const perRow = s.rows ? Math.round((s.tableBytes + s.indexBytes) / s.rows) : "—";
    console.log(
      `| ${s.table} | ${s.rows.toLocaleString("en-US")} | ${(s.tableBytes / 1e6).toFixed(1)} | ${(s.indexBytes / 1e6).toFixed(1)} | ${perRow} |`,
    );
  }
}

await main();
