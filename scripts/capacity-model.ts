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
  DAY_FIGURES_KEEP_DAYS,
  LEFT_FEED_POST_KEEP_DAYS,
  NOTIFICATION_KEEP_DAYS,
  READ_NOTIFICATION_KEEP_DAYS,
  SECURITY_EVENT_KEEP_DAYS,
  SENT_BODY_KEEP_DAYS,
  SENT_MESSAGE_KEEP_DAYS,
  SENT_PUSH_KEEP_DAYS,
} from "#lib/retention";

/** D1's limit for one database. */
export const D1_LIMIT_BYTES = 10e9;
export const DEALER_COUNTS = [5_000, 20_000, 60_000];

/**
 * Rows and bytes per row (pages of the table and its indexes) of each D1 table on the national bench network,
 * as `node scripts/table-sizes.ts --posts 500000` printed them into docs/capacity.md (the seed of 2026-11-27
 * 12:18 UTC, chat history in the rooms).
 */
export const NATIONAL_NETWORK = {
  dealers: { rows: 50_000, bytesPerRow: 947 },
  accounts: { rows: 50_000, bytesPerRow: 219 },
  subscriptions: { rows: 50_000, bytesPerRow: 443 },
  connections: { rows: 150_012, bytesPerRow: 353 },
  chats: { rows: 75_000, bytesPerRow: 735 },
  chat_participants: { rows: 150_000, bytesPerRow: 246 },
  inventory_posts: { rows: 500_000, bytesPerRow: 1030 },
  vehicles: { rows: 1_645_977, bytesPerRow: 325 },
  offered_vehicles: { rows: 1_015_179, bytesPerRow: 331 },
  wanted_vehicles: { rows: 51_523, bytesPerRow: 272 },
  post_search: { rows: 500_000, bytesPerRow: 1457 },
  post_search_docs: { rows: 500_000, bytesPerRow: 50 },
  comments: { rows: 2_000_000, bytesPerRow: 408 },
} as const;

/**
 * A chat message as a D1 row, before the move: its last measurement in D1 (the national network of the same
 * morning, 1.4 M messages in D1). The network seeded since writes every message into its room, so D1 has none
 * to measure.
 */
export const D1_MESSAGE_BYTES = 528;

/**
 * The chat rooms' own SQLite files on the national bench network (table-sizes.ts, the rooms' table): their
 * bytes on disk per message, what the `messages` table and its three indexes take of that, and the
 * messages' payload (the columns' bytes). The rest of a file is each room's schema and name pages.
 */
export const CHAT_ROOMS = {
  rooms: 75_000,
  messages: 5_017_541,
  fileBytesPerMessage: 757,
  pageBytesPerMessage: 634,
  payloadBytesPerMessage: 196,
} as const;
/** Storage of one Durable Object (a chat's room). */
export const ROOM_LIMIT_BYTES = 10e9;

/**
 * Tables the bench seed leaves empty, measured after `scripts/fill-activity-tables.ts` filled them on a copy of
 * the national network through the app's own services (docs/capacity.md, "Measured: the tables the seed leaves
 * empty"): pages of the table and its indexes ÷ the rows the fill added. Each figure's earlier estimate, from
 * the payload's guessed length, is noted beside it.
 */
export const MEASURED_ACTIVITY_BYTES_PER_ROW = {
  /** Estimated 4 300. */
  outboxEmail: 4849,
  /** Estimated 900. */
  outboxPush: 1088,
  /**
   * Either kind once the cron dropped its text, as the app interleaves them (a notification's e-mail beside its
   * push) and as the cron leaves their pages in place. Estimated 300.
   */
  outboxDelivered: 1380,
  /** Estimated 80. */
  dealer_day_figures: 130,
  /** Estimated 650. */
  notifications: 799,
  /** Estimated 130. As a rowid table beside its primary key's index, before migration 0045. */
  post_views: 183,
  /** Estimated 450. */
  sessions: 505,
  /** Estimated 330. */
  security_events: 419,
  /** Estimated 800. */
  offers: 902,
  /** Estimated 1 000. */
  deals: 701,
} as const;
const MEASURED = MEASURED_ACTIVITY_BYTES_PER_ROW;

/**
 * A post view once `post_views` is a WITHOUT ROWID table (migration 0045): `scripts/view-row-bytes.ts` puts the
 * same 300 000 views into both shapes, 183.4 bytes a view before (the fill's 183 above) and 96.0 after.
 */
export const POST_VIEW_BYTES_WITHOUT_ROWID = 96;

const num = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

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
/**
 * After the move, what D1 still writes per chat message, in one batch (room-ledger.ts's `stored`): the chat's
 * last message, the receiver's unread count, the sender's sent count, the day's figure, the sender's activity.
 */
export const LEDGER_STATEMENTS_PER_MESSAGE = 5;

/** Per post, the national network's own ratios. */
const perPost = (table: keyof typeof NATIONAL_NETWORK) =>
  NATIONAL_NETWORK[table].rows / NATIONAL_NETWORK.inventory_posts.rows;
/** Per dealer, the national network's own ratios: rows a dealer has whatever the activity. */
const perDealer = (table: keyof typeof NATIONAL_NETWORK) =>
  NATIONAL_NETWORK[table].rows / NATIONAL_NETWORK.dealers.rows;

/** Chat messages a dealer sends a day: their own, and an offer's cards. */
export const messagesPerDay = (a: Activity) => a.chatMessages + a.offers * OFFER_CARDS_PER_OFFER;

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
  /** A row shrinks to `slimBytesPerRow` after this many days (a delivered message's text dropped). */
  slimAfterDays?: number;
  slimBytesPerRow?: number;
};

/**
 * The periods and rules the cron applies, and the one table shape a migration changed since: the model's inputs
 * that a change of retention or of storage moves.
 */
export type Retention = {
  notificationDays: number;
  readNotificationDays: number;
  leftFeedPostDays: number;
  /** post_views rows: kept only while their post is live (then day counts), or as long as the post. */
  viewsWhileLive: boolean;
  /** Days a delivered message keeps its text; null: as long as the row. */
  sentBodyDays: number | null;
  /** Days a delivered push is kept (an e-mail's: SENT_MESSAGE_KEEP_DAYS). */
  sentPushDays: number;
  /** Bytes a post_views row takes: a rowid table and its key's index, or its key alone (WITHOUT ROWID). */
  viewBytesPerRow: number;
};

/** As on main before the diet (docs/decisions/0042-retention.md): kept to print the "before" tables. */
export const BEFORE_DIET: Retention = {
  notificationDays: 180,
  readNotificationDays: 90,
  leftFeedPostDays: 180,
  viewsWhileLive: false,
  sentBodyDays: null,
  sentPushDays: SENT_MESSAGE_KEEP_DAYS,
  viewBytesPerRow: MEASURED.post_views,
};

/** What the cron applies now, from app/lib/retention.ts. */
export const DIET: Retention = {
  notificationDays: NOTIFICATION_KEEP_DAYS,
  readNotificationDays: READ_NOTIFICATION_KEEP_DAYS,
  leftFeedPostDays: LEFT_FEED_POST_KEEP_DAYS,
  viewsWhileLive: true,
  sentBodyDays: SENT_BODY_KEEP_DAYS,
  sentPushDays: SENT_PUSH_KEEP_DAYS,
  viewBytesPerRow: POST_VIEW_BYTES_WITHOUT_ROWID,
};

const whileLive = `while the post is live (${POST_LIFETIME_DAYS} d)`;

/** Every stream of rows a dealer writes, under retention `r`. */
export function streamsFor(r: Retention): Stream[] {
  /** A post's rows stay while it is live and then until the cron deletes it after it left the feed. */
  const postKeptDays = POST_LIFETIME_DAYS + r.leftFeedPostDays;
  const postKept = `live ${POST_LIFETIME_DAYS} d + ${r.leftFeedPostDays} d after`;
  const withPost = `with its post (at most ${postKeptDays} d)`;

  /** A table written once per post, at the national network's rows per post. */
  const postTable = (
    table: keyof typeof NATIONAL_NETWORK,
    keptDays = postKeptDays,
    kept = withPost,
  ): Stream => ({
    table,
    rowsPerDay: (a) => a.posts * perPost(table),
    bytesPerRow: NATIONAL_NETWORK[table].bytesPerRow,
    keptDays,
    kept,
  });

  const sent = (
    table: string,
    rowsPerDay: (a: Activity) => number,
    bytesPerRow: number,
    keptDays = SENT_MESSAGE_KEEP_DAYS,
  ): Stream => ({
    table,
    rowsPerDay,
    bytesPerRow,
    keptDays,
    kept:
      r.sentBodyDays === null
        ? `${keptDays} d after sending`
        : `${keptDays} d after sending, text ${r.sentBodyDays} d`,
    ...(r.sentBodyDays === null
      ? {}
      : { slimAfterDays: r.sentBodyDays, slimBytesPerRow: MEASURED.outboxDelivered }),
  });

  return [
    postTable("inventory_posts", postKeptDays, postKept),
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
      keptDays: postKeptDays,
      kept: withPost,
    },
    {
      table: "post_views",
      rowsPerDay: (a) => a.postViews,
      bytesPerRow: r.viewBytesPerRow,
      // Counted as if every view came on the post's first day: the rows a post gathers stay at most its 30 days.
      keptDays: r.viewsWhileLive ? POST_LIFETIME_DAYS : postKeptDays,
      kept: r.viewsWhileLive ? whileLive : withPost,
    },
    ...(r.viewsWhileLive
      ? [
          {
            table: "dealer_day_figures",
            // At most one row a dealer a day, whatever was folded into it.
            rowsPerDay: () => 1,
            bytesPerRow: MEASURED.dealer_day_figures,
            keptDays: DAY_FIGURES_KEEP_DAYS,
            kept: `${DAY_FIGURES_KEEP_DAYS} d`,
          },
        ]
      : []),
    {
      table: "offers",
      rowsPerDay: (a) => a.offers,
      bytesPerRow: MEASURED.offers,
      keptDays: postKeptDays,
      kept: withPost,
    },
    {
      table: "notifications",
      rowsPerDay: (a) => a.notifications,
      bytesPerRow: MEASURED.notifications,
      keptDays: r.notificationDays,
      kept: `${r.notificationDays} d (read: ${r.readNotificationDays} d)`,
    },
    sent("outbox (e-mails)", (a) => a.emails, MEASURED.outboxEmail),
    sent("outbox (pushes)", (a) => a.pushes, MEASURED.outboxPush, r.sentPushDays),
    {
      table: "sessions",
      rowsPerDay: (a) => a.sessions,
      bytesPerRow: MEASURED.sessions,
      keptDays: SESSION_DAYS,
      kept: `until expiry (${SESSION_DAYS} d)`,
    },
    {
      table: "security_events",
      rowsPerDay: (a) => a.securityEvents,
      bytesPerRow: MEASURED.security_events,
      keptDays: SECURITY_EVENT_KEEP_DAYS,
      kept: `${SECURITY_EVENT_KEEP_DAYS} d`,
    },
    {
      table: "messages",
      rowsPerDay: messagesPerDay,
      bytesPerRow: D1_MESSAGE_BYTES,
      keptDays: null,
      kept: "for ever",
      chatHistory: true,
    },
    {
      table: "deals",
      rowsPerDay: (a) => a.deals,
      bytesPerRow: MEASURED.deals,
      keptDays: null,
      kept: "for ever",
    },
  ];
}

/** As on main before the diet, chat history in D1. */
export const STREAMS = streamsFor(BEFORE_DIET);
/** What stays in D1 once each ChatRoom keeps its own messages. */
export const AFTER_CHAT_MOVE = STREAMS.filter((s) => !s.chatHistory);
/** Then the diet: the retention the cron applies now. */
export const AFTER_DIET = streamsFor(DIET).filter((s) => !s.chatHistory);

/** The diet's levers, each one change of the retention, applied in this order on top of the chat move. */
export const LEVERS: { lever: string; change: Partial<Retention> }[] = [
  {
    lever: `notifications kept ${DIET.notificationDays} d, read ones ${DIET.readNotificationDays} d (were ${BEFORE_DIET.notificationDays} / ${BEFORE_DIET.readNotificationDays})`,
    change: { notificationDays: DIET.notificationDays, readNotificationDays: DIET.readNotificationDays },
  },
  {
    lever: "post views: (post, viewer) rows only while the post is live, then day counts",
    change: { viewsWhileLive: DIET.viewsWhileLive },
  },
  {
    lever: `outbox: a delivered message's text kept ${DIET.sentBodyDays ?? SENT_MESSAGE_KEEP_DAYS} d, then ~${num(MEASURED.outboxDelivered)} B a row`,
    change: { sentBodyDays: DIET.sentBodyDays },
  },
  {
    lever: `closed posts kept ${DIET.leftFeedPostDays} d after leaving the feed (were ${BEFORE_DIET.leftFeedPostDays})`,
    change: { leftFeedPostDays: DIET.leftFeedPostDays },
  },
  {
    lever: `delivered pushes kept ${DIET.sentPushDays} d (were ${BEFORE_DIET.sentPushDays}), e-mails still ${SENT_MESSAGE_KEEP_DAYS} d`,
    change: { sentPushDays: DIET.sentPushDays },
  },
  {
    lever: `post views kept in their key alone (WITHOUT ROWID): ${num(BEFORE_DIET.viewBytesPerRow)} → ${num(DIET.viewBytesPerRow)} B a row`,
    change: { viewBytesPerRow: DIET.viewBytesPerRow },
  },
];

/** Rows every dealer has whatever the activity (account, plan, connections, chat list), at national ratios. */
export const FIXED_BYTES_PER_DEALER = (
  ["dealers", "accounts", "subscriptions", "connections", "chats", "chat_participants"] as const
).reduce((sum, table) => sum + perDealer(table) * NATIONAL_NETWORK[table].bytesPerRow, 0);

/**
 * One stream's bytes per dealer after `day` days: a row kept N days stops adding once N days have passed; a row
 * that shrinks after S days weighs its full bytes for S days and its slim bytes for the rest.
 */
export function streamBytesPerDealer(stream: Stream, activity: Activity, day: number): number {
  const days = stream.keptDays === null ? day : Math.min(day, stream.keptDays);
  const full = stream.slimAfterDays === undefined ? days : Math.min(days, stream.slimAfterDays);
  const slim = (days - full) * (stream.slimBytesPerRow ?? stream.bytesPerRow);
  return stream.rowsPerDay(activity) * (stream.bytesPerRow * full + slim);
}

/** What a table kept for a period settles at per dealer: N days × rows a day × bytes a row. */
export const steadyBytesPerDealer = (stream: Stream, activity: Activity) =>
  stream.keptDays === null ? 0 : streamBytesPerDealer(stream, activity, stream.keptDays);

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
  const settle = [
    ...new Set(streams.flatMap((s) => [s.keptDays, s.slimAfterDays]).filter((d): d is number => d != null)),
  ].sort((a, b) => a - b);
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

const YEAR = 365;
const profiles = Object.keys(PROFILES) as Profile[];

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

export function retentionTable(streams: Stream[] = STREAMS): string {
  const kept = streams.filter((s) => s.keptDays !== null);
  const forEver = streams.filter((s) => s.keptDays === null);
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
      ...streams.map((s) => [
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
      ["**kept for a period, settled**", "", "", "", "", ...total(kept, steadyBytesPerDealer)],
      ["**kept for ever, a year**", "", "", "", "", ...total(forEver, yearOf)],
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
export function notificationBounds(r: Retention, profile: Profile, dealers: number): string {
  const notifications = streamsFor(r).find((s) => s.table === "notifications")!;
  const settled = (keptDays: number) =>
    dealers * steadyBytesPerDealer({ ...notifications, keptDays }, PROFILES[profile]);
  return (
    `Notifications at ${num(dealers)} ${profile} dealers settle at ${gb(settled(r.notificationDays))} if none is ` +
    `read (kept ${r.notificationDays} days, as above) and at ${gb(settled(r.readNotificationDays))} if ` +
    `each is read the day it arrives (${r.readNotificationDays} days after reading).`
  );
}

/** A year of `dealers` dealers in D1 (chat history moved), lever by lever, each on top of the ones before. */
export function leversTable(profile: Profile, dealers: number): string {
  const yearOf = (r: Retention) =>
    databaseBytes(
      streamsFor(r).filter((s) => !s.chatHistory),
      PROFILES[profile],
      dealers,
      YEAR,
    );
  let r = BEFORE_DIET;
  let before = yearOf(r);
  const rows = [["after the chat move (start)", "", gb(before)]];
  for (const { lever, change } of LEVERS) {
    r = { ...r, ...change };
    const after = yearOf(r);
    rows.push([lever, `−${gb(before - after)}`, gb(after)]);
    before = after;
  }
  return table(
    [`Lever (a year of ${num(dealers)} ${profile} dealers)`, "Saves", "A year in D1"],
    ["l", "r", "r"],
    rows,
  );
}

/** What each dealer alone reads, the next candidates for its own `DealerInbox` Durable Object's storage. */
export const INBOX_TABLES: readonly string[] = ["notifications", "post_views", "dealer_day_figures"];
/** What would stay in D1 after the diet if those tables moved into each dealer's DealerInbox. */
export const AFTER_INBOX_MOVE = AFTER_DIET.filter((s) => !INBOX_TABLES.includes(s.table));

/**
 * What if the bell, post views and day figures moved into each dealer's DealerInbox: a year in D1 before and
 * after, how long 10 GB then lasts, and what one inbox holds (at D1's bytes per row).
 */
export function inboxMoveTable(): string {
  const moved = AFTER_DIET.filter((s) => INBOX_TABLES.includes(s.table));
  return table(
    [
      "Active dealers",
      "Profile",
      "A year in D1 after the diet",
      "Moved into the inboxes",
      "A year in D1 after the move",
      "10 GB lasts after the move",
      "One inbox, settled",
    ],
    ["r", "l", "r", "r", "r", "r", "r"],
    profiles.flatMap((p) =>
      DEALER_COUNTS.map((dealers) => {
        const a = PROFILES[p];
        const inbox = moved.reduce((sum, s) => sum + streamBytesPerDealer(s, a, YEAR), 0);
        return [
          num(dealers),
          p,
          gb(databaseBytes(AFTER_DIET, a, dealers, YEAR)),
          gb(dealers * inbox),
          gb(databaseBytes(AFTER_INBOX_MOVE, a, dealers, YEAR)),
          lasts(daysUntilFull(AFTER_INBOX_MOVE, a, dealers)),
          kb(inbox),
        ];
      }),
    ),
  );
}

/** The outbox's rows, in a D1 database of their own since docs/decisions/0094-outbox-database.md. */
export const OUTBOX_TABLES: readonly string[] = ["outbox (e-mails)", "outbox (pushes)"];
/** What the main database keeps after the diet, the outbox in its own. */
export const AFTER_OUTBOX_MOVE = AFTER_DIET.filter((s) => !OUTBOX_TABLES.includes(s.table));
/** The outbox's own database: its rows alone, no dealer's fixed rows. */
const OUTBOX_STREAMS = AFTER_DIET.filter((s) => OUTBOX_TABLES.includes(s.table));
/** A message's writes in the outbox: stored, claimed, recorded (each run's claim and record one statement each). */
export const OUTBOX_WRITES_PER_MESSAGE = 3;

/**
 * The outbox in its own database: a year in the main one before and after, how long its 10 GB then lasts, the
 * outbox database's size (all of it kept for a period, so it settles) and, with the bell, post views and day
 * figures also in each DealerInbox, what the main database would keep.
 */
export function outboxMoveTable(): string {
  const both = AFTER_INBOX_MOVE.filter((s) => !OUTBOX_TABLES.includes(s.table));
  return table(
    [
      "Active dealers",
      "Profile",
      "A year in D1 after the diet",
      "The outbox's database, settled",
      "A year in the main D1 after the move",
      "10 GB lasts after the move",
      "Also the inbox move: a year in the main D1",
      "10 GB lasts after both",
    ],
    ["r", "l", "r", "r", "r", "r", "r", "r"],
    profiles.flatMap((p) =>
      DEALER_COUNTS.map((dealers) => {
        const a = PROFILES[p];
        const outbox = dealers * OUTBOX_STREAMS.reduce((sum, s) => sum + steadyBytesPerDealer(s, a), 0);
        return [
          num(dealers),
          p,
          gb(databaseBytes(AFTER_DIET, a, dealers, YEAR)),
          gb(outbox),
          gb(databaseBytes(AFTER_OUTBOX_MOVE, a, dealers, YEAR)),
          lasts(daysUntilFull(AFTER_OUTBOX_MOVE, a, dealers)),
          gb(databaseBytes(both, a, dealers, YEAR)),
          lasts(daysUntilFull(both, a, dealers)),
        ];
      }),
    ),
  );
}

/** The bell's rows, in a D1 database of their own since docs/decisions/0097-bell-database.md. */
export const BELL_TABLES: readonly string[] = ["notifications"];
/** What the main database keeps after the diet, the outbox and the bell each in its own. */
export const AFTER_BELL_MOVE = AFTER_OUTBOX_MOVE.filter((s) => !BELL_TABLES.includes(s.table));
/** The bell's own database: its rows alone (kept 14 days at most, so it settles). */
const BELL_STREAMS = AFTER_DIET.filter((s) => BELL_TABLES.includes(s.table));

/**
 * A move of some tables into a D1 database of their own: a year in the main one before and after, how long its
 * 10 GB then lasts, and the new database once settled (`moved`: its rows alone, all kept for a period).
 */
function databaseMoveTable(
  move: { before: Stream[]; after: Stream[]; moved: Stream[] },
  headings: { before: string; database: string; after: string },
): string {
  return table(
    ["Active dealers", "Profile", headings.before, headings.database, headings.after, "10 GB lasts after it"],
    ["r", "l", "r", "r", "r", "r"],
    profiles.flatMap((p) =>
      DEALER_COUNTS.map((dealers) => {
        const a = PROFILES[p];
        const moved = dealers * move.moved.reduce((sum, s) => sum + steadyBytesPerDealer(s, a), 0);
        return [
          num(dealers),
          p,
          gb(databaseBytes(move.before, a, dealers, YEAR)),
          gb(moved),
          gb(databaseBytes(move.after, a, dealers, YEAR)),
          lasts(daysUntilFull(move.after, a, dealers)),
        ];
      }),
    ),
  );
}

/**
 * The bell in its own database, after the outbox's. The count every page reads stays in the main database's
 * dealers row (counted with the fixed rows).
 */
export function bellMoveTable(): string {
  return databaseMoveTable(
    { before: AFTER_OUTBOX_MOVE, after: AFTER_BELL_MOVE, moved: BELL_STREAMS },
    {
      before: "A year in the main D1, the outbox moved",
      database: "The bell's database, settled",
      after: "A year in the main D1 after the bell's move",
    },
  );
}

/** My Stats' rows, in a D1 database of their own since docs/decisions/0098-stats-database.md. */
export const STATS_TABLES: readonly string[] = ["post_views", "dealer_day_figures"];
/** What the main database keeps after the diet, the outbox, the bell and My Stats each in its own. */
export const AFTER_STATS_MOVE = AFTER_BELL_MOVE.filter((s) => !STATS_TABLES.includes(s.table));
/** My Stats' own database: its rows alone (views while their post is live, day counts 180 days: it settles). */
const STATS_STREAMS = AFTER_DIET.filter((s) => STATS_TABLES.includes(s.table));

/**
 * My Stats in its own database, after the bell's. A post view there has the same columns and key as in the main
 * database, so the same bytes; view_count stays on the post (counted with it).
 */
export function statsMoveTable(): string {
  return databaseMoveTable(
    { before: AFTER_BELL_MOVE, after: AFTER_STATS_MOVE, moved: STATS_STREAMS },
    {
      before: "A year in the main D1, the bell moved",
      database: "My Stats' database, settled",
      after: "A year in the main D1 after My Stats' move",
    },
  );
}

/** What the busiest hour asks, per second, before the move (every row in D1) and now (messages in rooms). */
export function busiestHourTable(): string {
  const perSecond = (perDay: number, dealers: number) => (perDay * dealers * BUSIEST_HOUR_SHARE) / 3600;
  const both = (each: (a: Activity) => number) => profiles.map((p) => num(each(PROFILES[p]))).join(" / ");
  const d1Rows = (a: Activity) => dailyRowsPerDealer(AFTER_DIET, a);
  return table(
    [
      "Active dealers",
      `Before the move: new D1 rows / write statements (≈ ${STATEMENTS_PER_ROW}×) per second (${profiles.join(" · ")})`,
      `Now: new D1 rows per second (${profiles.join(" / ")})`,
      `Now: D1 write statements per second (a message's ${LEDGER_STATEMENTS_PER_MESSAGE} lines in one batch; ${profiles.join(" / ")})`,
      `Now: messages per second into the rooms (${profiles.join(" / ")})`,
      `The outbox in its own database: the main D1's write statements per second (${profiles.join(" / ")})`,
      `The outbox's database: write statements per second (each message stored, claimed, recorded; ${profiles.join(" / ")})`,
    ],
    ["r", "r", "r", "r", "r", "r", "r"],
    DEALER_COUNTS.map((dealers) => [
      num(dealers),
      profiles
        .map((p) => {
          const rows = perSecond(dailyRowsPerDealer(STREAMS, PROFILES[p]), dealers);
          return `${num(rows)} / ${num(rows * STATEMENTS_PER_ROW)}`;
        })
        .join(" · "),
      both((a) => perSecond(d1Rows(a), dealers)),
      both(
        (a) =>
          perSecond(d1Rows(a), dealers) * STATEMENTS_PER_ROW +
          perSecond(messagesPerDay(a), dealers) * LEDGER_STATEMENTS_PER_MESSAGE,
      ),
      both((a) => perSecond(messagesPerDay(a), dealers)),
      both(
        (a) =>
          perSecond(dailyRowsPerDealer(AFTER_OUTBOX_MOVE, a), dealers) * STATEMENTS_PER_ROW +
          perSecond(messagesPerDay(a), dealers) * LEDGER_STATEMENTS_PER_MESSAGE,
      ),
      both((a) => perSecond(dailyRowsPerDealer(OUTBOX_STREAMS, a), dealers) * OUTBOX_WRITES_PER_MESSAGE),
    ]),
  );
}

/** A year of chat history in the rooms, at the rooms' measured bytes on disk per message. */
export const roomBytesPerDealerYear = (a: Activity) =>
  messagesPerDay(a) * YEAR * CHAT_ROOMS.fileBytesPerMessage;

/** The chat history's year in the rooms, and the fullest room's against a Durable Object's storage. */
export function roomsYearTable(): string {
  // The fullest room: two busy dealers who send every message of theirs to each other.
  const fullest = 2 * roomBytesPerDealerYear(PROFILES.busy);
  return [
    table(
      ["Active dealers", "Profile", "Messages a year", "In the rooms, a year", "Per dealer, a year"],
      ["r", "l", "r", "r", "r"],
      profiles.flatMap((p) =>
        DEALER_COUNTS.map((dealers) => [
          num(dealers),
          p,
          `${num((messagesPerDay(PROFILES[p]) * YEAR * dealers) / 1e6, 0)} M`,
          gb(dealers * roomBytesPerDealerYear(PROFILES[p])),
          `${num(roomBytesPerDealerYear(PROFILES[p]) / 1e6, 1)} MB`,
        ]),
      ),
    ),
    `The fullest room, two busy dealers who send all their messages to each other, grows by ` +
      `${num(fullest / 1e6, 1)} MB a year: its ${gb(ROOM_LIMIT_BYTES)} last ${num(ROOM_LIMIT_BYTES / fullest)} years.`,
  ].join("\n\n");
}

export function report(): string {
  return [
    "### What an active dealer writes per day",
    dailyTable(),
    "### What each table keeps, per active dealer (before the diet)",
    retentionTable(STREAMS),
    "### How long 10 GB lasts (chat history in D1, as on main)",
    lastsTable(STREAMS),
    shareTable(STREAMS, "typical", 20_000),
    "### After: chat history in each ChatRoom",
    lastsTable(AFTER_CHAT_MOVE),
    shareTable(AFTER_CHAT_MOVE, "typical", 20_000),
    notificationBounds(BEFORE_DIET, "typical", 20_000),
    "### Then the diet: what each lever saves",
    leversTable("typical", 20_000),
    "### What each table keeps after the diet, per active dealer",
    retentionTable(AFTER_DIET),
    "### How long 10 GB lasts after the diet",
    lastsTable(AFTER_DIET),
    shareTable(AFTER_DIET, "typical", 20_000),
    notificationBounds(DIET, "typical", 20_000),
    "### What if the bell, post views and day figures moved into each DealerInbox",
    inboxMoveTable(),
    shareTable(AFTER_INBOX_MOVE, "busy", 20_000),
    "### The outbox in a D1 database of its own",
    outboxMoveTable(),
    shareTable(AFTER_OUTBOX_MOVE, "busy", 20_000),
    "### The bell in a D1 database of its own",
    bellMoveTable(),
    shareTable(AFTER_BELL_MOVE, "busy", 20_000),
    "### My Stats in a D1 database of its own",
    statsMoveTable(),
    shareTable(AFTER_STATS_MOVE, "busy", 20_000),
    "### Chat history in the rooms",
    roomsYearTable(),
    "### The busiest hour's writes",
    busiestHourTable(),
  ].join("\n\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(report());
}
