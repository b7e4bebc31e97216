/**
 * docs/capacity.md's model as code: how big one D1 database gets from measured bytes per row, stated activity
 * per dealer and the retention periods the daily cron applies, and how long D1's 10 GB lasts.
 *
 *   npm run capacity        → the Markdown tables of docs/capacity.md
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { POST_LIFETIME_DAYS, SESSION_DAYS } from "#lib/constants";
import {
  LEFT_FEED_POST_KEEP_DAYS,
  NOTIFICATION_KEEP_DAYS,
  READ_NOTIFICATION_KEEP_DAYS,
  SECURITY_EVENT_KEEP_DAYS,
  SENT_MESSAGE_KEEP_DAYS,
} from "#lib/retention";

/** D1's limit for one database. */
export const D1_LIMIT_BYTES = 10e9;
export const DEALER_COUNTS = [5_000, 20_000, 60_000];

/**
 * Rows and bytes per row (pages of the table and its indexes) on the national bench network, as
 * `node scripts/table-sizes.ts --posts 500000` printed them into docs/capacity.md.
 */
export const NATIONAL_NETWORK = {
  dealers: { rows: 50_000, bytesPerRow: 936 },
  accounts: { rows: 50_000, bytesPerRow: 226 },
  subscriptions: { rows: 50_000, bytesPerRow: 465 },
  connections: { rows: 150_006, bytesPerRow: 375 },
  chats: { rows: 75_000, bytesPerRow: 298 },
  chat_participants: { rows: 150_000, bytesPerRow: 234 },
  inventory_posts: { rows: 500_000, bytesPerRow: 1056 },
  vehicles: { rows: 1_644_176, bytesPerRow: 338 },
  offered_vehicles: { rows: 1_015_054, bytesPerRow: 341 },
  wanted_vehicles: { rows: 51_149, bytesPerRow: 281 },
  post_search: { rows: 500_000, bytesPerRow: 1867 },
  post_search_docs: { rows: 500_000, bytesPerRow: 50 },
  comments: { rows: 2_000_000, bytesPerRow: 431 },
  messages: { rows: 1_400_000, bytesPerRow: 528 },
} as const;

/** Tables the bench network does not fill: their rows' payload in the demo database plus their index keys. */
export const ESTIMATED_BYTES_PER_ROW = {
  outboxEmail: 4300,
  outboxPush: 900,
  notifications: 650,
  post_views: 130,
  sessions: 450,
  security_events: 330,
  offers: 800,
  deals: 1000,
} as const;

/** What an active dealer does per day; "typical" opens the app most working days, "busy" lives in it. */
export type Activity = {
  posts: number;
  comments: number;
  chatMessages: number;
  offers: number;
  notifications: number;
  emails: number;
  pushes: number;
  postViews: number;
  sessions: number;
  securityEvents: number;
  deals: number;
};

export const PROFILES: Record<"typical" | "busy", Activity> = {
  typical: {
    posts: 0.3,
    comments: 1,
    chatMessages: 8,
    offers: 0.3,
    notifications: 5,
    emails: 1,
    pushes: 2,
    postViews: 15,
    sessions: 0.1,
    securityEvents: 0.2,
    deals: 0.05,
  },
  busy: {
    posts: 1,
    comments: 4,
    chatMessages: 25,
    offers: 1,
    notifications: 15,
    emails: 3,
    pushes: 6,
    postViews: 50,
    sessions: 0.1,
    securityEvents: 0.2,
    deals: 0.2,
  },
};
export type Profile = keyof typeof PROFILES;

/** Each offer also posts its card into the chat, once when made and once when answered. */
export const OFFER_CARDS_PER_OFFER = 2;
/** Four time zones' working days overlap so that about this share of a day's writes falls in the busiest hour. */
export const BUSIEST_HOUR_SHARE = 0.12;
/** A row's insert plus what its triggers move (a chat's last message, the sender's activity, the day's counter). */
export const STATEMENTS_PER_ROW = 2;

/** Per post, the national network's own ratios. */
const perPost = (table: keyof typeof NATIONAL_NETWORK) =>
  NATIONAL_NETWORK[table].rows / NATIONAL_NETWORK.inventory_posts.rows;
/** Per dealer, the national network's own ratios: rows a dealer has whatever the activity. */
const perDealer = (table: keyof typeof NATIONAL_NETWORK) =>
  NATIONAL_NETWORK[table].rows / NATIONAL_NETWORK.dealers.rows;

/** A table's (or a kind of row's) share of a dealer's writes, and how long the cron keeps each row. */
export type Stream = {
  table: string;
  rowsPerDay: (a: Activity) => number;
  bytesPerRow: number;
  /** Days a row stays; null: kept for ever. */
  keptDays: number | null;
  kept: string;
  /** In D1 before the chat history moves into each ChatRoom; not after. */
  chatHistory?: boolean;
};

/** A post's rows stay while it is live and then until the cron deletes it after it left the feed. */
const POST_KEPT_DAYS = POST_LIFETIME_DAYS + LEFT_FEED_POST_KEEP_DAYS;
const postKept = `live ${POST_LIFETIME_DAYS} d + ${LEFT_FEED_POST_KEEP_DAYS} d after`;
const withPost = `with its post (at most ${POST_KEPT_DAYS} d)`;

const whileLive = `while the post is live (${POST_LIFETIME_DAYS} d)`;

/** A table written once per post, at the national network's rows per post. */
const postTable = (
  table: keyof typeof NATIONAL_NETWORK,
  keptDays = POST_KEPT_DAYS,
  kept = withPost,
): Stream => ({
  table,
  rowsPerDay: (a) => a.posts * perPost(table),
  bytesPerRow: NATIONAL_NETWORK[table].bytesPerRow,
  keptDays,
  kept,
});

export const STREAMS: Stream[] = [
  postTable("inventory_posts", POST_KEPT_DAYS, postKept),
  postTable("vehicles"),
  postTable("post_search"),
  postTable("post_search_docs"),
  // The match index leaves when the post expires, not when the cron deletes the post.
  postTable("offered_vehicles", POST_LIFETIME_DAYS, whileLive),
  postTable("wanted_vehicles", POST_LIFETIME_DAYS, whileLive),
  {
    table: "comments",
    rowsPerDay: (a) => a.comments,
    bytesPerRow: NATIONAL_NETWORK.comments.bytesPerRow,
    keptDays: POST_KEPT_DAYS,
    kept: withPost,
  },
  {
    table: "post_views",
    rowsPerDay: (a) => a.postViews,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.post_views,
    keptDays: POST_KEPT_DAYS,
    kept: withPost,
  },
  {
    table: "offers",
    rowsPerDay: (a) => a.offers,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.offers,
    keptDays: POST_KEPT_DAYS,
    kept: withPost,
  },
  {
    table: "notifications",
    rowsPerDay: (a) => a.notifications,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.notifications,
    keptDays: NOTIFICATION_KEEP_DAYS,
    kept: `${NOTIFICATION_KEEP_DAYS} d (read: sooner)`,
  },
  {
    table: "outbox (e-mails)",
    rowsPerDay: (a) => a.emails,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.outboxEmail,
    keptDays: SENT_MESSAGE_KEEP_DAYS,
    kept: `${SENT_MESSAGE_KEEP_DAYS} d after sending`,
  },
  {
    table: "outbox (pushes)",
    rowsPerDay: (a) => a.pushes,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.outboxPush,
    keptDays: SENT_MESSAGE_KEEP_DAYS,
    kept: `${SENT_MESSAGE_KEEP_DAYS} d after sending`,
  },
  {
    table: "sessions",
    rowsPerDay: (a) => a.sessions,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.sessions,
    keptDays: SESSION_DAYS,
    kept: `until expiry (${SESSION_DAYS} d)`,
  },
  {
    table: "security_events",
    rowsPerDay: (a) => a.securityEvents,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.security_events,
    keptDays: SECURITY_EVENT_KEEP_DAYS,
    kept: `${SECURITY_EVENT_KEEP_DAYS} d`,
  },
  {
    table: "messages",
    rowsPerDay: (a) => a.chatMessages + a.offers * OFFER_CARDS_PER_OFFER,
    bytesPerRow: NATIONAL_NETWORK.messages.bytesPerRow,
    keptDays: null,
    kept: "for ever",
    chatHistory: true,
  },
  {
    table: "deals",
    rowsPerDay: (a) => a.deals,
    bytesPerRow: ESTIMATED_BYTES_PER_ROW.deals,
    keptDays: null,
    kept: "for ever",
  },
];

/** Rows every dealer has whatever the activity (account, plan, connections, chat list), at national ratios. */
export const FIXED_BYTES_PER_DEALER = (
  ["dealers", "accounts", "subscriptions", "connections", "chats", "chat_participants"] as const
).reduce((sum, table) => sum + perDealer(table) * NATIONAL_NETWORK[table].bytesPerRow, 0);

/** One stream's bytes per dealer after `day` days: a row kept N days stops adding once N days have passed. */
export function streamBytesPerDealer(stream: Stream, activity: Activity, day: number): number {
  const days = stream.keptDays === null ? day : Math.min(day, stream.keptDays);
  return stream.rowsPerDay(activity) * stream.bytesPerRow * days;
}

/** What a table kept for a period settles at per dealer: N days × rows a day × bytes a row. */
export const steadyBytesPerDealer = (stream: Stream, activity: Activity) =>
  stream.keptDays === null ? 0 : stream.rowsPerDay(activity) * stream.bytesPerRow * stream.keptDays;

export const dailyBytesPerDealer = (streams: Stream[], activity: Activity) =>
  streams.reduce((sum, s) => sum + s.rowsPerDay(activity) * s.bytesPerRow, 0);
export const dailyRowsPerDealer = (streams: Stream[], activity: Activity) =>
  streams.reduce((sum, s) => sum + s.rowsPerDay(activity), 0);

/** The database's bytes `day` days after the dealers start (fixed rows included). */
export function databaseBytes(streams: Stream[], activity: Activity, dealers: number, day: number): number {
  const perDealer = streams.reduce((sum, s) => sum + streamBytesPerDealer(s, activity, day), 0);
  return dealers * (FIXED_BYTES_PER_DEALER + perDealer);
}

/** Days until the database reaches D1's limit; null if it never does (nothing grows for ever). */
export function daysUntilFull(
  streams: Stream[],
  activity: Activity,
  dealers: number,
  limit = D1_LIMIT_BYTES,
): number | null {
  if (databaseBytes(streams, activity, dealers, 0) >= limit) return 0;
  // The size is linear between the days a table settles: find the stretch that crosses the limit, then solve it.
  const settle = [...new Set(streams.map((s) => s.keptDays).filter((d): d is number => d !== null))].sort(
    (a, b) => a - b,
  );
  let from = 0;
  for (const to of [...settle, Infinity]) {
    const start = databaseBytes(streams, activity, dealers, from);
    const slope = databaseBytes(streams, activity, dealers, from + 1) - start;
    if (slope <= 0) return null;
    const day = from + (limit - start) / slope;
    if (day <= to) return day;
    from = to;
  }
  return null;
}

export const KEPT_FOR_A_PERIOD = STREAMS.filter((s) => s.keptDays !== null);
export const KEPT_FOR_EVER = STREAMS.filter((s) => s.keptDays === null);
/** What stays in D1 once each ChatRoom keeps its own messages. */
export const AFTER_CHAT_MOVE = STREAMS.filter((s) => !s.chatHistory);
/** Read by one dealer only, so each could live in a database of its dealer's: what then stays in the shared one. */
export const PER_DEALER_TABLES = ["notifications", "post_views"];
export const AFTER_PER_DEALER_SPLIT = AFTER_CHAT_MOVE.filter((s) => !PER_DEALER_TABLES.includes(s.table));

const YEAR = 365;
const profiles = Object.keys(PROFILES) as Profile[];

const num = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const gb = (bytes: number) => `${num(bytes / 1e9, bytes < 100e9 ? 1 : 0)} GB`;
const kb = (bytes: number) => `${num(bytes / 1e3, 1)} kB`;
const lasts = (days: number | null) =>
  days === null
    ? "for ever"
    : days < 2 * YEAR
      ? `${num(Math.floor(days))} days`
      : `${num(days / YEAR, 1)} years`;

function table(head: string[], align: ("l" | "r")[], rows: string[][]): string {
  return [
    `| ${head.join(" | ")} |`,
    `| ${align.map((a) => (a === "r" ? "---:" : "---")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

export function dailyTable(): string {
  const messages = STREAMS.find((s) => s.chatHistory)!;
  return table(
    ["Per active dealer per day", ...profiles.map((p) => p[0].toUpperCase() + p.slice(1))],
    ["l", ...profiles.map(() => "r" as const)],
    [
      ["bytes written", ...profiles.map((p) => kb(dailyBytesPerDealer(STREAMS, PROFILES[p])))],
      [
        "of which chat messages",
        ...profiles.map((p) => {
          const chat = dailyBytesPerDealer([messages], PROFILES[p]);
          return `${kb(chat)} (${num((100 * chat) / dailyBytesPerDealer(STREAMS, PROFILES[p]))} %)`;
        }),
      ],
      ["new rows", ...profiles.map((p) => num(dailyRowsPerDealer(STREAMS, PROFILES[p]), 1))],
    ],
  );
}

export function retentionTable(): string {
  const total = (streams: Stream[], bytes: (s: Stream, a: Activity) => number) =>
    profiles.map((p) => kb(streams.reduce((sum, s) => sum + bytes(s, PROFILES[p]), 0)));
  const yearOf = (s: Stream, a: Activity) => streamBytesPerDealer(s, a, YEAR);
  return table(
    [
      "Table",
      "Kept",
      "Bytes per row",
      ...profiles.map((p) => `Rows a day (${p})`),
      ...profiles.map((p) => `Per dealer (${p})`),
    ],
    ["l", "l", "r", "r", "r", "r", "r"],
    [
      ...STREAMS.map((s) => [
        s.table,
        s.kept,
        num(s.bytesPerRow),
        ...profiles.map((p) => num(s.rowsPerDay(PROFILES[p]), 2)),
        ...profiles.map((p) =>
          s.keptDays === null
            ? `${kb(yearOf(s, PROFILES[p]))} a year`
            : kb(steadyBytesPerDealer(s, PROFILES[p])),
        ),
      ]),
      ["**kept for a period, settled**", "", "", "", "", ...total(KEPT_FOR_A_PERIOD, steadyBytesPerDealer)],
      ["**kept for ever, a year**", "", "", "", "", ...total(KEPT_FOR_EVER, yearOf)],
    ],
  );
}

function lastsTable(streams: Stream[]): string {
  const forEver = streams.filter((s) => s.keptDays === null);
  const period = streams.filter((s) => s.keptDays !== null);
  return table(
    [
      "Active dealers",
      "Profile",
      "Kept for a period, settled",
      "Kept for ever, per year",
      "A year in D1",
      "10 GB lasts",
    ],
    ["r", "l", "r", "r", "r", "r"],
    profiles.flatMap((p) =>
      DEALER_COUNTS.map((dealers) => {
        const a = PROFILES[p];
        const steady = dealers * period.reduce((sum, s) => sum + steadyBytesPerDealer(s, a), 0);
        const grows = dealers * forEver.reduce((sum, s) => sum + streamBytesPerDealer(s, a, YEAR), 0);
        return [
          num(dealers),
          p,
          gb(steady),
          gb(grows),
          gb(databaseBytes(streams, a, dealers, YEAR)),
          lasts(daysUntilFull(streams, a, dealers)),
        ];
      }),
    ),
  );
}

/** Which tables fill a year of `dealers` dealers, largest first. */
export function shareTable(streams: Stream[], profile: Profile, dealers: number): string {
  const a = PROFILES[profile];
  const total = databaseBytes(streams, a, dealers, YEAR);
  const rows = streams
    .map((s) => ({ table: s.table, bytes: dealers * streamBytesPerDealer(s, a, YEAR) }))
    .concat({
      table: "fixed rows (dealers, accounts, plans, connections, chat list)",
      bytes: dealers * FIXED_BYTES_PER_DEALER,
    })
    .sort((x, y) => y.bytes - x.bytes);
  return table(
    [`A year of ${num(dealers)} ${profile} dealers`, "GB", "Share"],
    ["l", "r", "r"],
    rows.map((r) => [r.table, num(r.bytes / 1e9, 2), `${num((100 * r.bytes) / total)} %`]),
  );
}

/**
 * The model keeps every notification the longer period, as if none were read; a notification read the day it
 * arrives goes after the shorter one. The two bound what notifications settle at.
 */
export function notificationBounds(profile: Profile, dealers: number): string {
  const notifications = STREAMS.find((s) => s.table === "notifications")!;
  const settled = (keptDays: number) =>
    dealers * steadyBytesPerDealer({ ...notifications, keptDays }, PROFILES[profile]);
  return (
    `Notifications at ${num(dealers)} ${profile} dealers settle at ${gb(settled(NOTIFICATION_KEEP_DAYS))} if none is ` +
    `read (kept ${NOTIFICATION_KEEP_DAYS} days, as above) and at ${gb(settled(READ_NOTIFICATION_KEEP_DAYS))} if ` +
    `each is read the day it arrives (${READ_NOTIFICATION_KEEP_DAYS} days after reading).`
  );
}

export function busiestHourTable(): string {
  const perSecond = (p: Profile, dealers: number) =>
    (dailyRowsPerDealer(STREAMS, PROFILES[p]) * dealers * BUSIEST_HOUR_SHARE) / 3600;
  return table(
    [
      "Active dealers",
      `New rows per second, busiest hour (${profiles.join(" / ")})`,
      `Write statements per second (≈ ${STATEMENTS_PER_ROW}×)`,
    ],
    ["r", "r", "r"],
    DEALER_COUNTS.map((dealers) => [
      num(dealers),
      profiles.map((p) => num(perSecond(p, dealers))).join(" / "),
      profiles.map((p) => num(perSecond(p, dealers) * STATEMENTS_PER_ROW)).join(" / "),
    ]),
  );
}

export function report(): string {
  return [
    "### What an active dealer writes per day",
    dailyTable(),
    "### What each table keeps, per active dealer",
    retentionTable(),
    "### How long 10 GB lasts (chat history in D1, as on main)",
    lastsTable(STREAMS),
    shareTable(STREAMS, "typical", 20_000),
    "### After: chat history in each ChatRoom",
    lastsTable(AFTER_CHAT_MOVE),
    shareTable(AFTER_CHAT_MOVE, "typical", 20_000),
    notificationBounds("typical", 20_000),
    `### Then: ${PER_DEALER_TABLES.join(" and ")} split across D1 databases by dealer (what stays in the shared one)`,
    lastsTable(AFTER_PER_DEALER_SPLIT),
    "### The busiest hour's writes",
    busiestHourTable(),
  ].join("\n\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(report());
}
