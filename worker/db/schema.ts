import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { AUCTION_PLATFORMS, DEAL_STATUSES, PASS_THRU_STEPS, REVIEW_STATUSES } from "#lib/deals/constants";
import { UNWIND_STATUSES } from "#lib/deals/clocks";
import type { ChatAttachment } from "#lib/chat-files";
import type { ChatCall, ChatMessage, ChatOfferCard } from "#lib/api-types";
import type { ApiKeyScope } from "#lib/api-keys";
import type { Disclosures } from "#lib/schemas/disclosures";
import type { BuyOrder } from "#lib/schemas/buy-order";
import { DISPUTE_REASONS, DISPUTE_SIDES, DISPUTE_STATUSES } from "#lib/schemas/disputes";
import { OFFER_SIDES, OFFER_STATUSES, type OfferSide, type OfferTerms } from "#lib/schemas/offers";
import type { OfferAction } from "#lib/schemas/offer-constants";
import { createdAt, timestamp } from "./columns";
import { notificationColumns, notificationIndexes } from "./bell-schema";
import { outboxColumns, outboxIndexes } from "./outbox-schema";
import { dayCountColumns } from "./stats-schema";

const flag = (name: string) => integer(name, { mode: "boolean" });
/** A row that belongs to another table's row and is deleted with it. */
const ownedBy = (name: string, parent: () => AnySQLiteColumn) =>
  text(name).notNull().references(parent, { onDelete: "cascade" });

/** A sign-in: e-mail and password (or, later, Google). One account owns at most one dealer profile. */
export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ["dealer", "admin"] })
      .notNull()
      .default("dealer"),
    /**
     * Set on a throwaway demo account (POST /api/auth/create-dummy): the daily cron removes it and everything
     * it wrote after this time. Null for every other account, the seeded demo network's included.
     */
    demoExpiresAt: timestamp("demo_expires_at"),
    /** When the dealer opened the confirmation link (or Google vouched for the address); null until then. */
    emailVerifiedAt: timestamp("email_verified_at"),
    /** Google's `sub` for the account linked to a Google sign-in. */
    googleSubject: text("google_subject").unique(),
    /** Set by an admin: every session ended, sign-in and the API refuse until reactivated. */
    suspendedAt: timestamp("suspended_at"),
    suspensionReason: text("suspension_reason"),
    createdAt: createdAt(),
  },
  // Only the few admins: their dealers are left out of every dealer list (directory/cards.ts). Partial, so
  // the planner uses it whatever the statistics say about a two-valued column.
  (t) => [
    index("accounts_demo_expires_idx").on(t.demoExpiresAt),
    index("accounts_admin_idx")
      .on(t.role)
      .where(sql`role = 'admin'`),
  ],
);

/** Only the SHA-256 of the session token is stored, so a leaked table signs nobody in. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    expiresAt: timestamp("expires_at").notNull(),
    /** The id settings show and sign out by; never the token or its hash. */
    id: text("id").unique(),
    userAgent: text("user_agent"),
    /** "Austin, TX, US" from the platform's request.cf, when it gives one. */
    place: text("place"),
    lastActiveAt: timestamp("last_active_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_account_idx").on(t.accountId, t.lastActiveAt),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** Single-use links sent by e-mail (password reset, e-mail confirmation): only the token's SHA-256 is kept. */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    purpose: text("purpose", { enum: ["password-reset", "email-verification", "sign-in"] }).notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_account_idx").on(t.accountId, t.purpose)],
);

/** The account's audit trail of security events, which the dealer reads in /settings. */
export const securityEvents = sqliteTable(
  "security_events",
  {
    id: text("id").primaryKey(),
    accountId: ownedBy("account_id", () => accounts.id),
    type: text("type").notNull(),
    userAgent: text("user_agent"),
    place: text("place"),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_events_account_idx").on(t.accountId, t.createdAt, t.id),
    // The daily cron forgets the oldest first (worker/domain/retention).
    index("security_events_created_idx").on(t.createdAt),
  ],
);

export const dealers = sqliteTable(
  "dealers",
  {
    id: text("id").primaryKey(),
    /** Null for dealers that another dealer added to the directory (POST /api/dealers). */
    accountId: text("account_id")
      .unique()
      .references(() => accounts.id, { onDelete: "set null" }),
    addedByDealerId: text("added_by_dealer_id"),
    /**
     * The demo network: the seeded dealers, throwaway demo dealerships and the dealers they add. Demo and
     * real dealers never connect or message each other (worker/db/network-wall.ts).
     */
    isDemo: flag("is_demo").notNull().default(false),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    avatar: text("avatar"),
    dealershipPhoto: text("dealership_photo"),
    dealershipName: text("dealership_name").notNull(),
    dealershipType: text("dealership_type", { enum: ["independent", "franchise", "wholesaler"] })
      .notNull()
      .default("independent"),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    zipCode: text("zip_code").notNull().default(""),
    country: text("country", { enum: ["US", "CA"] })
      .notNull()
      .default("US"),
    licenseNumber: text("license_number"),
    website: text("website"),
    description: text("description"),
    profileType: text("profile_type", { enum: ["seller", "buyer"] })
      .notNull()
      .default("seller"),
    buysCanadianVehicles: flag("buys_canadian_vehicles").notNull().default(false),
    auctionAccessNumber: text("auction_access_number"),
    dealership5MilNumber: text("dealership_5mil_number"),
    vehiclesNeeded: text("vehicles_needed"),
    vehiclesSold: text("vehicles_sold"),
    /** Average of received ratings once reviews exist; null until then (shown as "not rated yet"). */
    rating: real("rating"),
    lastActiveAt: timestamp("last_active_at"),
    /** Accepted connections; kept by triggers on `connections` (migration 0005), so sorts and cards read one column. */
    connectionCount: integer("connection_count").notNull().default(0),
    /**
     * The bell's count: notifications not read yet, so every page, the bell and each batch of alerts read one
     * column instead of counting. The notification centre keeps it for the bell's database (it stores, reads and
     * forgets bells there, then moves this count in the same order); triggers on the old `notifications` table
     * (migration 0044) keep it for the rows left there.
     */
    unreadNotifications: integer("unread_notifications").notNull().default(0),
    /**
     * "Most active lately": each post or message moves it to max(itself, the event's time) + 6 hours,
     * so recent and frequent activity both rank higher. Kept by triggers on `inventory_posts` and `messages`
     * (migration 0005); null until the dealer's first post or message.
     */
    activityScore: timestamp("activity_score"),
    /**
     * Set when the dealer deleted their account: the row stays, emptied and named "Deleted dealer",
     * so messages already delivered keep a sender; it never shows in a dealer list again.
     */
    deletedAt: timestamp("deleted_at"),
    /** When an admin approved the dealer's verification request: the "Verified dealer" badge. */
    verifiedAt: timestamp("verified_at"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    // The directory by name, and the count under every page: holds each filter (the network, name and
    // dealership text, state, type, Canadian buying, the Verified badge), so the name-ordered walk and the
    // count read this index alone, never a dealer's row. No index leads with the type or Canadian buying:
    // either keeps a third of the dealers or more, so a page walks its sort's index and stops at the page,
    // where reading a type's dealers and sorting them all grew with the network.
    index("dealers_name_search_idx").on(
      sql`${t.name} collate nocase`,
      t.id,
      t.dealershipName,
      t.isDemo,
      t.state,
      t.dealershipType,
      t.buysCanadianVehicles,
      t.verifiedAt,
    ),
    index("dealers_dealership_name_idx").on(sql`${t.dealershipName} collate nocase`),
    // A state's dealers in the directory's default order: the page stops after the page, unsorted.
    index("dealers_state_name_idx").on(t.state, sql`${t.name} collate nocase`, t.id, t.isDemo),
    index("dealers_active_idx").on(t.lastActiveAt),
    index("dealers_added_by_idx").on(t.addedByDealerId),
    index("dealers_connection_count_idx").on(t.connectionCount),
    // The directory's rating sort, unrated last: read in order from this index, never sorted per request.
    index("dealers_rating_idx").on(sql`${t.rating} desc`, sql`${t.name} collate nocase`, t.id),
    index("dealers_activity_idx").on(t.activityScore, t.lastActiveAt),
    index("dealers_deleted_idx")
      .on(t.deletedAt)
      .where(sql`deleted_at is not null`),
    // /admin's dealer count and new this week, read from this index alone.
    index("dealers_signup_idx").on(t.accountId, t.deletedAt, t.createdAt),
    // The demo network, counted apart in /admin's figures: its few rows without a scan of every dealer.
    index("dealers_demo_idx")
      .on(t.id)
      .where(sql`is_demo = 1`),
  ],
);

/** A link between two dealers; only "accepted" is used today. Stored once per pair, either direction. */
export const connections = sqliteTable(
  "connections",
  {
    id: text("id").primaryKey(),
    requesterId: ownedBy("requester_id", () => dealers.id),
    receiverId: ownedBy("receiver_id", () => dealers.id),
    status: text("status", { enum: ["pending", "accepted"] })
      .notNull()
      .default("accepted"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("connections_pair_idx").on(t.requesterId, t.receiverId),
    index("connections_receiver_idx").on(t.receiverId, t.requesterId),
  ],
);

export const inventoryPosts = sqliteTable(
  "inventory_posts",
  {
    id: text("id").primaryKey(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: ["single", "multiple", "spreadsheet", "for-sale", "request"] }).notNull(),
    status: text("status").notNull().default("active"),
    spreadsheetUrl: text("spreadsheet_url"),
    auctionFacilitator: text("auction_facilitator"),
    /** JSON array of our own stored photo addresses (/objects/uploads/{id}). */
    photoUrls: text("photo_urls", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** JSON text: a list of {text} items. */
    aiSummary: text("ai_summary"),
    viewCount: integer("view_count").notNull().default(0),
    /** A post expires 30 days after this, or after createdAt when never renewed (the daily cron). */
    renewedAt: timestamp("renewed_at"),
    updatedAt: timestamp("updated_at"),
    createdAt: createdAt(),
    /** A Requesting post's buy order as its dealer corrected it; null: matching reads the post's words. */
    buyOrder: text("buy_order", { mode: "json" }).$type<BuyOrder | null>(),
  },
  (t) => [
    index("posts_feed_idx").on(t.createdAt, t.id),
    // The daily expiry: active posts never renewed by creation time, renewed ones by renewal time.
    index("posts_expiry_idx").on(t.status, t.renewedAt, t.createdAt),
    index("posts_type_feed_idx").on(t.type, t.createdAt, t.id),
    // A dealer's posts newest first, and covering for the figures of /my-stats and /dealer-profile
    // (worker/domain/profile/index.ts): their counts by type and status, their views, and the post ids their vehicles,
    // comments and views are joined on, all without reading a post row.
    index("posts_dealer_idx").on(t.dealerId, t.createdAt, t.id, t.type, t.status, t.viewCount),
    // Partial indexes behind the For Sale and Auction Promos tabs: their WHERE must appear verbatim in the
    // feed query (worker/domain/inventory/feed.ts) for SQLite to use them.
    index("posts_for_sale_feed_idx")
      .on(t.createdAt, t.id)
      .where(sql`type <> 'request'`),
    index("posts_auction_feed_idx")
      .on(t.createdAt, t.id)
      .where(
        sql`auction_facilitator is not null or instr(lower(title), 'auction') > 0 or instr(lower(description), 'auction') > 0`,
      ),
    // Posts off the feed, oldest change first (expiring or selling a post sets updated_at): the daily cron
    // deletes them after LEFT_FEED_POST_KEEP_DAYS (worker/domain/retention/posts.ts, whose WHERE repeats this one).
    index("posts_left_feed_idx")
      .on(t.updatedAt, t.id)
      .where(sql`status in ('expired', 'sold')`),
  ],
);

export const vehicles = sqliteTable(
  "vehicles",
  {
    id: text("id").primaryKey(),
    postId: ownedBy("post_id", () => inventoryPosts.id),
    position: integer("position").notNull().default(0),
    vin: text("vin"),
    year: integer("year"),
    make: text("make").notNull(),
    model: text("model").notNull(),
    trim: text("trim"),
    mileage: integer("mileage"),
    /** Whole cents: money is never a float. */
    priceCents: integer("price_cents"),
    city: text("city"),
    state: text("state"),
    color: text("color"),
    status: text("status").notNull().default("available"),
    /** From the vehicle-detail form: the dealer's notes, where the unit sits, on the lot or not. */
    notes: text("notes"),
    location: text("location"),
    atDealership: flag("at_dealership"),
    /** The seller's announcements (null: not answered yet). */
    disclosures: text("disclosures", { mode: "json" }).$type<Disclosures | null>(),
    /** The dealer's own stock number, from an imported sheet: a sync finds the row again by it when there is no VIN. */
    stockNumber: text("stock_number"),
  },
  (t) => [
    // A post's vehicles in order; `status` makes it covering for the feed's and My Stats' available/sold counts.
    index("vehicles_post_idx").on(t.postId, t.position, t.status),
    index("vehicles_vin_idx").on(t.vin),
    // /discover matches wanted vehicles (Requesting posts) to listed ones by make and model, either way.
    index("vehicles_make_model_idx").on(sql`${t.make} collate nocase`, sql`${t.model} collate nocase`),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    postId: ownedBy("post_id", () => inventoryPosts.id),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    content: text("content").notNull(),
    attachmentUrl: text("attachment_url"),
    createdAt: createdAt(),
  },
  (t) => [
    // A post's comments by time; `dealer_id` makes it covering for "comments received" (others' comments on a
    // dealer's posts, /my-stats and /dealer-profile), so no comment row is read to tell whose comment it is.
    index("comments_post_idx").on(t.postId, t.createdAt, t.dealerId),
    // A dealer's comments, newest first (the profile's Recent Activity) and the posts they are on (Requests answered).
    index("comments_dealer_idx").on(t.dealerId, t.createdAt, t.postId),
  ],
);

/**
 * One row per (post, viewer): a view is counted once per dealer. A WITHOUT ROWID table (migration 0045, which
 * Drizzle cannot declare): the row lives in its primary key's B-tree, about half the bytes of a rowid table and
 * its key's index.
 */
export const postViews = sqliteTable(
  "post_views",
  {
    postId: ownedBy("post_id", () => inventoryPosts.id),
    viewerId: text("viewer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewerId] })],
);

/** One chat per pair of dealers; pairKey is the two dealer ids sorted and joined, so either side finds it. */
export const chats = sqliteTable(
  "chats",
  {
    id: text("id").primaryKey(),
    pairKey: text("pair_key").notNull().unique(),
    lastMessageAt: timestamp("last_message_at"),
    /**
     * The last message as the chat list shows it, its text cut to a preview. The messages themselves live in
     * the chat's room (durable-objects/chat-room.ts), which keeps this up to date.
     */
    lastMessage: text("last_message", { mode: "json" }).$type<ChatMessage | null>(),
    createdAt: createdAt(),
  },
  (t) => [index("chats_last_message_idx").on(t.lastMessageAt)],
);

export const chatParticipants = sqliteTable(
  "chat_participants",
  {
    chatId: ownedBy("chat_id", () => chats.id),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    lastReadAt: timestamp("last_read_at"),
    /** Messages this dealer received in the chat and has not read: +1 by the room on a send, 0 on reading. */
    unreadCount: integer("unread_count").notNull().default(0),
    /** Messages this dealer sent in the chat (My Stats; the first one is a notice to the other dealer). */
    sentCount: integer("sent_count").notNull().default(0),
    /**
     * The first plain message this dealer received in the chat within the reply-time window, and their first
     * answer after it: reputation's response time, kept by the room so it never reads the messages.
     */
    askedAt: timestamp("asked_at"),
    repliedAt: timestamp("replied_at"),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.dealerId] }),
    index("chat_participants_dealer_idx").on(t.dealerId),
  ],
);

/**
 * Where messages were kept before each chat's room held its own (durable-objects/chat-room.ts). A room moves its
 * chat's rows out on first use and the daily cron drains the rest; nothing writes here any more
 * (docs/decisions/0056-chat-history-in-rooms.md).
 */
export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: ownedBy("chat_id", () => chats.id),
    /** Made by the sending browser, so a retried send never stores a second copy. */
    clientId: text("client_id").notNull(),
    senderId: ownedBy("sender_id", () => dealers.id),
    receiverId: ownedBy("receiver_id", () => dealers.id),
    content: text("content").notNull(),
    context: text("context", { mode: "json" }).$type<{ postTitle?: string } | null>(),
    /** Photos and files, as the message shows them; chat_attachments says who may read each. */
    attachments: text("attachments", { mode: "json" }).$type<ChatAttachment[] | null>(),
    /** The line a call leaves: its kind, outcome, start, end and duration, nothing else. */
    call: text("call", { mode: "json" }).$type<ChatCall | null>(),
    /** The card a step of an offer leaves in the chat (written by the offers, never from a dealer's body). */
    offer: text("offer", { mode: "json" }).$type<ChatOfferCard | null>(),
    isRead: flag("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_chat_idx").on(t.chatId, t.createdAt),
    uniqueIndex("messages_client_idx").on(t.senderId, t.clientId),
    index("messages_unread_idx").on(t.receiverId, t.isRead),
  ],
);

/**
 * Each chat file belongs to one message of one chat: a private read checks the reader is one of that chat's
 * dealers, and deleting the message finds its files here. The primary key keeps a file on one message only.
 */
export const chatAttachments = sqliteTable(
  "chat_attachments",
  {
    fileId: text("file_id").primaryKey(),
    /** The message in the chat's room that carries the file (no foreign key: the room holds the message). */
    messageId: text("message_id").notNull(),
    chatId: ownedBy("chat_id", () => chats.id),
    senderId: text("sender_id").notNull(),
    /** The file as its message shows it (name, type, size), for those who list a chat's files. */
    attachment: text("attachment", { mode: "json" }).$type<ChatAttachment | null>(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_attachments_message_idx").on(t.messageId)],
);

export const notificationPreferences = sqliteTable("notification_preferences", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealers.id, { onDelete: "cascade" }),
  smsEnabled: flag("sms_enabled").notNull().default(false),
  emailEnabled: flag("email_enabled").notNull().default(true),
  dealAlerts: flag("deal_alerts").notNull().default(true),
  priceDrops: flag("price_drops").notNull().default(true),
  auctionAlerts: flag("auction_alerts").notNull().default(true),
  confirmations: flag("confirmations").notNull().default(true),
  offers: flag("offers").notNull().default(true),
  dealDeadlines: flag("deal_deadlines").notNull().default(true),
});

/**
 * Deal alerts: what each open Requesting post wants and what each active For Sale post offers,
 * keyed by make and model (worker/domain/deal-alerts), so a new post finds its matches through an index instead of
 * reading every post. Rows exist only while their post is active (and their vehicle available).
 */
export const wantedVehicles = sqliteTable(
  "wanted_vehicles",
  {
    id: text("id").primaryKey(),
    postId: ownedBy("post_id", () => inventoryPosts.id),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    makeKey: text("make_key").notNull(),
    /** "" for any model of the make. */
    modelKey: text("model_key").notNull(),
    yearMin: integer("year_min"),
    yearMax: integer("year_max"),
    trim: text("trim"),
    maxMileage: integer("max_mileage"),
    maxPriceCents: integer("max_price_cents"),
    /** One state code, or a buy order's several joined by commas ("TX,OK"). */
    state: text("state"),
    /** A buy order's last moment (its "until" day's end); null: as long as the post is active. */
    until: timestamp("until"),
    createdAt: createdAt(),
  },
  (t) => [
    // After the walk's (make, model, newest first), every column a new listing's lookup filters on: a model
    // with many requests (1 703 Silverado 1500 rows nationally) is narrowed in the index, and only the few that
    // match (57) read their row and post.
    index("wanted_vehicles_match_idx").on(
      t.makeKey,
      t.modelKey,
      t.createdAt,
      t.yearMin,
      t.yearMax,
      t.maxPriceCents,
      t.maxMileage,
      t.state,
      t.until,
      t.dealerId,
    ),
    index("wanted_vehicles_post_idx").on(t.postId),
  ],
);

export const offeredVehicles = sqliteTable(
  "offered_vehicles",
  {
    id: text("id").primaryKey(),
    postId: ownedBy("post_id", () => inventoryPosts.id),
    /** Null for a vehicle only named in a text post. */
    vehicleId: text("vehicle_id").references(() => vehicles.id, { onDelete: "cascade" }),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    makeKey: text("make_key").notNull(),
    modelKey: text("model_key").notNull(),
    yearMin: integer("year_min"),
    yearMax: integer("year_max"),
    trim: text("trim"),
    mileage: integer("mileage"),
    priceCents: integer("price_cents"),
    state: text("state"),
    createdAt: createdAt(),
  },
  (t) => [
    index("offered_vehicles_match_idx").on(t.makeKey, t.modelKey, t.createdAt),
    index("offered_vehicles_post_idx").on(t.postId),
  ],
);

/**
 * The bell as it stood in this database before it moved to its own (worker/db/bell-schema.ts,
 * docs/decisions/0097-bell-database.md). Nothing new is written to it: the notification centre reads it beside
 * the bell's database until its last rows pass their 14 days, and a later migration drops it. Its triggers
 * (migration 0044) still keep `dealers.unread_notifications` for the rows left in it.
 */
export const legacyNotifications = sqliteTable(
  "notifications",
  {
    ...notificationColumns(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
  },
  (t) => notificationIndexes(t),
);

/**
 * The dealers who have a tab open now: their DealerInbox holds a socket. It writes the row when a tab connects and
 * deletes it a minute after the last one closed, so a notification's live frame goes to these inboxes only and a
 * post that alerts dozens of dealers wakes none of the objects nobody is looking at
 * (docs/decisions/0093-live-frames-to-open-tabs.md).
 * WITHOUT ROWID (migration 0046, which Drizzle cannot declare): one B-tree, keyed by the dealer.
 */
export const dealerOpenTabs = sqliteTable("dealer_open_tabs", {
  dealerId: ownedBy("dealer_id", () => dealers.id).primaryKey(),
  openedAt: timestamp("opened_at").notNull(),
});

/**
 * The outbox as it stood in this database before it moved to its own (worker/db/outbox-schema.ts,
 * docs/decisions/0094-outbox-database.md). Nothing writes it: the courier hands whatever is left in it to the
 * outbox database, and a later migration drops it once every deployment's copy is empty.
 */
export const legacyOutbox = sqliteTable(
  "outbox",
  {
    ...outboxColumns(),
    dealerId: text("dealer_id").references(() => dealers.id, { onDelete: "set null" }),
  },
  (t) => outboxIndexes(t),
);

/**
 * A wholesale deal between two dealers: proposed by one, confirmed by the other, completed with
 * verified details. A deal recorded after the fact ("closed elsewhere") has no counterparty. Only the two
 * parties ever see a deal (worker/domain/deals).
 */
export const deals = sqliteTable(
  "deals",
  {
    id: text("id").primaryKey(),
    proposerId: text("proposer_id").references(() => dealers.id, { onDelete: "cascade" }),
    counterpartyId: text("counterparty_id").references(() => dealers.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").references(() => dealers.id, { onDelete: "set null" }),
    buyerId: text("buyer_id").references(() => dealers.id, { onDelete: "set null" }),
    postId: text("post_id").references(() => inventoryPosts.id, { onDelete: "set null" }),
    vin: text("vin"),
    year: integer("year").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    trim: text("trim").notNull().default(""),
    miles: integer("miles").notNull().default(0),
    color: text("color").notNull().default(""),
    /** Whole cents. */
    priceCents: integer("price_cents").notNull(),
    /** 2 % of the price in whole dollars (as cents), fixed when the deal is confirmed (or recorded). */
    commissionCents: integer("commission_cents"),
    location: text("location").notNull().default(""),
    auction: text("auction", { enum: AUCTION_PLATFORMS }),
    auctionLocation: text("auction_location"),
    status: text("status", { enum: DEAL_STATUSES }).notNull().default("pending"),
    /** The admin's review (admin issue): approved or rejected with notes. */
    reviewStatus: text("review_status", { enum: REVIEW_STATUSES }).notNull().default("unreviewed"),
    reviewNotes: text("review_notes"),
    reviewedAt: timestamp("reviewed_at"),
    /** As the completion form sent them: kept for deals recorded with a dealer outside the network. */
    sellerName: text("seller_name"),
    sellerEmail: text("seller_email"),
    buyerEmail: text("buyer_email"),
    /** The seller's announcements as they stood when the offer that made this deal was made. */
    disclosures: text("disclosures", { mode: "json" }).$type<Disclosures | null>(),
    /** R2 key of the Bill of Sale PDF, once completed. */
    billOfSaleKey: text("bill_of_sale_key"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at"),
    completedAt: timestamp("completed_at"),
    closedAt: timestamp("closed_at"),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    index("deals_proposer_idx").on(t.proposerId, t.createdAt, t.id),
    index("deals_counterparty_idx").on(t.counterpartyId, t.createdAt, t.id),
    index("deals_status_idx").on(t.status, t.createdAt),
    // A post a deal names is never deleted by the daily cron: the deal shows it.
    index("deals_post_idx").on(t.postId),
  ],
);

/**
 * A buyer's dispute on a completed deal (worker/domain/disputes): open → answered by the seller → decided by an
 * admin. Its files are references to files already sent in the two dealers' chat. At most one undecided
 * dispute per deal; every step is a conditional UPDATE on `status`, so of two answers or decisions one wins.
 */
export const dealDisputes = sqliteTable(
  "deal_disputes",
  {
    id: text("id").primaryKey(),
    dealId: ownedBy("deal_id", () => deals.id),
    buyerId: ownedBy("buyer_id", () => dealers.id),
    sellerId: ownedBy("seller_id", () => dealers.id),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    description: text("description").notNull(),
    /** File ids (chat_attachments.file_id) the buyer picked from the chat. */
    fileIds: text("file_ids", { mode: "json" }).$type<string[]>().notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("open"),
    answer: text("answer"),
    answerFileIds: text("answer_file_ids", { mode: "json" }).$type<string[] | null>(),
    answeredAt: timestamp("answered_at"),
    prevails: text("prevails", { enum: DISPUTE_SIDES }),
    decisionNotes: text("decision_notes"),
    decidedBy: text("decided_by").references(() => accounts.id, { onDelete: "set null" }),
    decidedByEmail: text("decided_by_email"),
    decidedAt: timestamp("decided_at"),
    /** The dealer the decision went against: what a dealer's reputation counts as a dispute lost. */
    lostBy: text("lost_by").references(() => dealers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    uniqueIndex("deal_disputes_undecided_idx")
      .on(t.dealId)
      .where(sql`status <> 'decided'`),
    index("deal_disputes_deal_idx").on(t.dealId, t.createdAt),
    index("deal_disputes_status_idx").on(t.status, t.createdAt, t.id),
    index("deal_disputes_lost_by_idx").on(t.lostBy),
    // Deleting a dealer cascades here: these keep it from reading the whole table.
    index("deal_disputes_buyer_idx").on(t.buyerId),
    index("deal_disputes_seller_idx").on(t.sellerId),
  ],
);

/** One step of an offer's haggling, as its history keeps it (whole cents). */
export type OfferHistoryStep = {
  by: OfferSide;
  action: OfferAction;
  priceCents?: number;
  message?: string;
  at: number;
};

/**
 * An offer on one listed vehicle, buyer and seller answering in turns against a clock (worker/domain/offers).
 * Every change is a conditional UPDATE on (status, turn, expires_at), so of two answers at once, or an answer and
 * the clock, exactly one wins.
 */
export const offers = sqliteTable(
  "offers",
  {
    id: text("id").primaryKey(),
    vehicleId: ownedBy("vehicle_id", () => vehicles.id),
    postId: ownedBy("post_id", () => inventoryPosts.id),
    buyerId: ownedBy("buyer_id", () => dealers.id),
    sellerId: ownedBy("seller_id", () => dealers.id),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    /** Whole cents: the price on the table now. */
    priceCents: integer("price_cents").notNull(),
    turn: text("turn", { enum: OFFER_SIDES }).notNull(),
    /** The reply clock each step restarts, in hours. */
    clockHours: integer("clock_hours").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    terms: text("terms", { mode: "json" }).$type<OfferTerms>().notNull(),
    history: text("history", { mode: "json" }).$type<OfferHistoryStep[]>().notNull(),
    /** The vehicle's disclosures when the offer was made: what was agreed, whatever the seller edits later. */
    disclosures: text("disclosures", { mode: "json" }).$type<Disclosures | null>(),
    dealId: text("deal_id").references(() => deals.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    // One open offer per buyer and vehicle: two made at once cannot both pass.
    uniqueIndex("offers_one_open_idx")
      .on(t.vehicleId, t.buyerId)
      .where(sql`status = 'open'`),
    index("offers_buyer_idx").on(t.buyerId, t.createdAt, t.id),
    index("offers_seller_idx").on(t.sellerId, t.createdAt, t.id),
    index("offers_vehicle_open_idx")
      .on(t.vehicleId)
      .where(sql`status = 'open'`),
  ],
);

/** Pass-thru steps: the current state of each step of a deal, with who set it and when. */
export const passThruSteps = sqliteTable(
  "pass_thru_steps",
  {
    dealId: ownedBy("deal_id", () => deals.id),
    step: text("step", { enum: PASS_THRU_STEPS }).notNull(),
    /** "true" / "false" for yes-no steps; missing, received or sent for the title. */
    value: text("value").notNull(),
    updatedBy: text("updated_by").references(() => dealers.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.step] })],
);

/**
 * A confirmed deal's title and payment clocks (worker/domain/deals/clocks.ts), one row per deal once either
 * dealer touches them: until then the due dates follow from the date of sale. A due date changes only when one
 * dealer proposes it and the other accepts; the title's arrival stays the pass-thru title step 'received'.
 */
export const dealClocks = sqliteTable("deal_clocks", {
  dealId: text("deal_id")
    .primaryKey()
    .references(() => deals.id, { onDelete: "cascade" }),
  /** The seller said the title was in hand at the sale (5 business days instead of 21 days). */
  titleInHand: flag("title_in_hand").notNull().default(false),
  titleInHandBy: text("title_in_hand_by").references(() => dealers.id, { onDelete: "set null" }),
  /** An agreed due date; null keeps the one the sale set. */
  titleDueAt: timestamp("title_due_at"),
  titleAgreedBy: text("title_agreed_by").references(() => dealers.id, { onDelete: "set null" }),
  titleAgreedAt: timestamp("title_agreed_at"),
  titleProposedDueAt: timestamp("title_proposed_due_at"),
  titleProposedBy: text("title_proposed_by").references(() => dealers.id, { onDelete: "set null" }),
  titleProposedAt: timestamp("title_proposed_at"),
  paymentDueAt: timestamp("payment_due_at"),
  paymentAgreedBy: text("payment_agreed_by").references(() => dealers.id, { onDelete: "set null" }),
  paymentAgreedAt: timestamp("payment_agreed_at"),
  paymentProposedDueAt: timestamp("payment_proposed_due_at"),
  paymentProposedBy: text("payment_proposed_by").references(() => dealers.id, { onDelete: "set null" }),
  paymentProposedAt: timestamp("payment_proposed_at"),
  /** The buyer marks the funds sent; the seller confirms them received. */
  paymentSentAt: timestamp("payment_sent_at"),
  paymentReceivedAt: timestamp("payment_received_at"),
  /** The buyer's request to unwind, and the seller's answer. */
  unwindStatus: text("unwind_status", { enum: UNWIND_STATUSES }),
  unwindAskedAt: timestamp("unwind_asked_at"),
  unwindAnsweredAt: timestamp("unwind_answered_at"),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * A dealer's review of the other dealer of a completed deal (worker/domain/reputation): four 1–5 scores and a
 * comment. Double-blind: it shows once both have written theirs (`revealed_at`) or the review window ends; the
 * reviewed dealer may then reply once, publicly. One per dealer per deal.
 */
export const dealReviews = sqliteTable(
  "deal_reviews",
  {
    id: text("id").primaryKey(),
    dealId: ownedBy("deal_id", () => deals.id),
    reviewerId: ownedBy("reviewer_id", () => dealers.id),
    reviewedId: ownedBy("reviewed_id", () => dealers.id),
    vehicleAsDescribed: integer("vehicle_as_described").notNull(),
    paperworkOnTime: integer("paperwork_on_time").notNull(),
    paymentOnTime: integer("payment_on_time").notNull(),
    communication: integer("communication").notNull(),
    /** The mean of the four scores: what the dealer's rating averages. */
    score: real("score").notNull(),
    comment: text("comment").notNull(),
    /** When the second review of the deal was written, revealing both; null until then. */
    revealedAt: timestamp("revealed_at"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("deal_reviews_one_per_dealer_idx").on(t.dealId, t.reviewerId),
    // A dealer's reviews, newest first (the profile's keyset pages).
    index("deal_reviews_reviewed_idx").on(t.reviewedId, t.createdAt, t.id),
  ],
);

/**
 * A dealer's reputation figures, measured from what they did (never typed in), kept up to date by the writes
 * that change them and by the daily cron (worker/domain/reputation/refresh.ts), so a card reads one row.
 * Null where the sample is below its minimum. The rating itself stays on `dealers.rating` (the directory sorts by it).
 */
export const dealerReputations = sqliteTable("dealer_reputations", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealers.id, { onDelete: "cascade" }),
  reviewCount: integer("review_count").notNull().default(0),
  dealsCompleted: integer("deals_completed").notNull().default(0),
  /** Share (0–1) of the dealer's confirmed deals that were completed. */
  completionRate: real("completion_rate"),
  medianReplyMinutes: integer("median_reply_minutes"),
  /** Share (0–1) of the offer steps put to the dealer that they answered before the clock ran out. */
  offersAnsweredInTime: real("offers_answered_in_time"),
  medianTitleDays: real("median_title_days"),
  /** Disputes an admin decided against the dealer (0 when none: a count, never too small to say). */
  disputesLost: integer("disputes_lost").notNull().default(0),
  updatedAt: timestamp("updated_at").notNull(),
});

/** Per-account display and privacy settings. */
export const userSettings = sqliteTable("user_settings", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  itemsPerPage: integer("items_per_page").notNull().default(20),
  inventoryView: text("inventory_view", { enum: ["grid", "list", "compact"] })
    .notNull()
    .default("grid"),
  emailNotifications: flag("email_notifications").notNull().default(true),
  pushNotifications: flag("push_notifications").notNull().default(true),
  messageNotifications: flag("message_notifications").notNull().default(true),
  showEmail: flag("show_email").notNull().default(true),
  showPhone: flag("show_phone").notNull().default(true),
  showOnlineStatus: flag("show_online_status").notNull().default(true),
  updatedAt: timestamp("updated_at"),
});

/** Fixed-window counters for abuse limits (sign-in, sign-up, contact form). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/** Messages sent from the public contact form, for support to read in /admin. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    dealershipName: text("dealership_name"),
    dealershipType: text("dealership_type"),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/** Server-side secrets made on first use when no environment secret is configured (the upload signing key). */
export const appSecrets = sqliteTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** NHTSA vPIC answers, merged with the offline decode, kept per VIN (a VIN always decodes the same way). */
export const vinDecodes = sqliteTable("vin_decodes", {
  vin: text("vin").primaryKey(),
  result: text("result", { mode: "json" }).notNull(),
  decodedAt: timestamp("decoded_at").notNull(),
});

/**
 * Where a long data job stopped, so the daily cron can finish it over several runs: the match index of the
 * posts written before deal alerts existed (migration 0009). A job's row goes when the job is done.
 */
export const backfills = sqliteTable("backfills", {
  name: text("name").primaryKey(),
  /** Rows written at or before this time are the job's; later ones were handled when they were written. */
  until: integer("until").notNull(),
  afterCreatedAt: integer("after_created_at"),
  afterId: text("after_id"),
});

/**
 * The plans a dealer can buy, read by /pricing, the landing, /subscribe and onboarding.
 * The admin pricing manager edits them later; `lookupKey` names the Stripe Price of each plan.
 */
export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  priceCents: integer("price_cents").notNull(),
  features: text("features", { mode: "json" }).$type<string[]>().notNull(),
  lookupKey: text("lookup_key").notNull().unique(),
  popular: flag("popular").notNull().default(false),
  /** Premium unlocks the AI features and the advanced statistics. */
  premium: flag("premium").notNull().default(false),
  isActive: flag("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at"),
});

/**
 * A dealer's subscription (one row per dealer, reused when they subscribe again). Only the card's brand and
 * last 4 are ever stored. `lastEventAt` is the newest processor event applied, so an older one never moves
 * the row backwards.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    dealerId: text("dealer_id")
      .notNull()
      .unique()
      .references(() => dealers.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    /** A downgrade waiting for the period end. */
    nextPlanId: text("next_plan_id").references(() => plans.id),
    status: text("status", { enum: ["trialing", "active", "past_due", "canceled", "incomplete"] }).notNull(),
    processor: text("processor", { enum: ["demo", "stripe"] }).notNull(),
    externalId: text("external_id").unique(),
    customerId: text("customer_id"),
    currentPeriodStart: timestamp("current_period_start"),
    currentPeriodEnd: timestamp("current_period_end"),
    cancelAtPeriodEnd: flag("cancel_at_period_end").notNull().default(false),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    lastEventAt: timestamp("last_event_at"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    index("subscriptions_period_end_idx").on(t.status, t.currentPeriodEnd),
    // The admin console's counts by plan and status and its MRR (staff left out by dealer), from the index alone.
    index("subscriptions_plan_status_idx").on(t.planId, t.status, t.currentPeriodEnd, t.dealerId),
  ],
);

/** What a dealer was billed: one row per processor invoice (or demo charge), amounts in cents. */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    processor: text("processor", { enum: ["demo", "stripe"] }).notNull(),
    externalId: text("external_id").unique(),
    /** The processor's payment to refund (a Stripe PaymentIntent id, or the demo charge id). */
    paymentRef: text("payment_ref"),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    status: text("status", { enum: ["open", "paid", "void", "uncollectible", "refunded"] }).notNull(),
    periodStart: timestamp("period_start"),
    periodEnd: timestamp("period_end"),
    paidAt: timestamp("paid_at"),
    createdAt: createdAt(),
  },
  (t) => [index("invoices_dealer_idx").on(t.dealerId, t.createdAt, t.id)],
);

/** Refunds under the 30-day money-back guarantee, made by an admin. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    invoiceId: ownedBy("invoice_id", () => invoices.id),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    amountCents: integer("amount_cents").notNull(),
    externalId: text("external_id"),
    reason: text("reason").notNull(),
    refundedBy: text("refunded_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_invoice_idx").on(t.invoiceId)],
);

/** Every processor webhook event applied, by its id: a redelivered event is answered and ignored. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    processedAt: timestamp("processed_at").notNull(),
  },
  (t) => [index("payment_events_processed_idx").on(t.processedAt)],
);

/**
 * Wholesale News: articles admins write in /admin/news, the body in Markdown (rendered without raw
 * HTML). `readMinutes` is computed from the body when the article is saved. Newest first by publication.
 */
export const newsArticles = sqliteTable(
  "news_articles",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    sourceName: text("source_name").notNull(),
    sourceUrl: text("source_url"),
    trending: flag("trending").notNull().default(false),
    readMinutes: integer("read_minutes").notNull(),
    publishedAt: timestamp("published_at").notNull(),
    authorAccountId: text("author_account_id").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [index("news_articles_published_idx").on(t.publishedAt, t.id)],
);

/**
 * The Market Report: computed by the daily cron from the network's own posts and deals, one row per
 * UTC day, so /wholesale-news reads one row and never aggregates per request.
 */
export const marketReports = sqliteTable("market_reports", {
  day: text("day").primaryKey(),
  report: text("report", { mode: "json" }).notNull(),
  computedAt: timestamp("computed_at").notNull(),
});

/**
 * Every admin action: who, what, on which record, the record before and after (JSON), when.
 * Listed at /admin/audit, newest first, filtered by action, actor or record.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorAccountId: text("actor_account_id").references(() => accounts.id, { onDelete: "set null" }),
    /** Kept as written, so the entry still names its admin after that account is gone. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    recordType: text("record_type").notNull(),
    recordId: text("record_id"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_action_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorAccountId, t.createdAt, t.id),
    index("audit_log_record_idx").on(t.recordId, t.createdAt, t.id),
  ],
);

/** Promotions shown in the home feed's promo block. */
export const promotions = sqliteTable(
  "promotions",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: ["info", "warning", "success", "promotion"] })
      .notNull()
      .default("info"),
    isActive: flag("is_active").notNull().default(true),
    /** Calendar days (YYYY-MM-DD, UTC), both included. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    targetAudience: text("target_audience", { enum: ["all", "premium", "basic"] })
      .notNull()
      .default("all"),
    createdBy: text("created_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    index("promotions_created_idx").on(t.createdAt, t.id),
    index("promotions_window_idx").on(t.isActive, t.endDate),
  ],
);

/** Add-ons sold beside the plans, priced and switched on or off in /admin/pricing. */
export const addOns = sqliteTable("add_ons", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  priceCents: integer("price_cents").notNull(),
  description: text("description").notNull().default(""),
  isActive: flag("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at"),
});

/** A dealer's request to be verified, sent from /dealer-profile and decided in /admin/users. */
export const verificationRequests = sqliteTable(
  "verification_requests",
  {
    id: text("id").primaryKey(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    licenseNumber: text("license_number").notNull(),
    auctionAccessNumber: text("auction_access_number").notNull(),
    dealership5MilNumber: text("dealership_5mil_number").notNull(),
    /** A stored upload's address (/objects/uploads/{id}), optional. */
    documentUrl: text("document_url"),
    status: text("status", { enum: ["pending", "approved", "refused"] })
      .notNull()
      .default("pending"),
    note: text("note"),
    decidedBy: text("decided_by").references(() => accounts.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_requests_status_idx").on(t.status, t.createdAt, t.id),
    index("verification_requests_dealer_idx").on(t.dealerId, t.createdAt),
  ],
);

/**
 * One row per UTC day of what /admin charts and counts: kept by triggers on the big
 * tables (migration 0015), so the figures never scan posts, messages or notifications.
 */
export const dailyActivity = sqliteTable("daily_activity", {
  /** YYYY-MM-DD, UTC. */
  day: text("day").primaryKey(),
  signups: integer("signups").notNull().default(0),
  deals: integer("deals").notNull().default(0),
  posts: integer("posts").notNull().default(0),
  messages: integer("messages").notNull().default(0),
  alerts: integer("alerts").notNull().default(0),
});

/** Deals by status with their volume and commission, kept by triggers on `deals`. */
export const dealTotals = sqliteTable("deal_totals", {
  status: text("status").primaryKey(),
  count: integer("count").notNull().default(0),
  volumeCents: integer("volume_cents").notNull().default(0),
  commissionCents: integer("commission_cents").notNull().default(0),
});

/**
 * Bearer keys of the public API: only the SHA-256 of the key is kept, with its first characters
 * (`prefix`) so a dealer can tell keys apart. Issued by the dealer in /settings or by an admin ("from sales").
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes", { mode: "json" }).$type<ApiKeyScope[]>().notNull(),
    /** The account that made it: the dealer's own, or the admin's when issued from /admin/users. */
    issuedBy: text("issued_by").references(() => accounts.id, { onDelete: "set null" }),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_dealer_idx").on(t.dealerId, t.revokedAt, t.createdAt)],
);

/**
 * Signed upload addresses (photos and chat files) that have taken their one PUT: the row is claimed before the
 * bytes go to R2, so of several PUTs at once only one writes. Kept until the address expires; the daily cron
 * removes the rest.
 */
export const uploadClaims = sqliteTable(
  "upload_claims",
  {
    /** The R2 key the address writes (`uploads/{id}`, `chat-files/{id}`). */
    key: text("key").primaryKey(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("upload_claims_expiry_idx").on(t.expiresAt)],
);

/**
 * A spreadsheet read for import: its header row, its rows' cells (with the sheet's own row numbers) and the
 * column mapping, kept between the preview and the publish. A sheet published from a link stays tied to its post
 * (`postId`) so Sync now and the daily cron read it again. Unpublished imports and those of files go after
 * IMPORT_KEEP_DAYS (the daily cron); a linked one goes with its post.
 */
export const inventoryImports = sqliteTable(
  "inventory_imports",
  {
    id: text("id").primaryKey(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    source: text("source", { enum: ["file", "link"] }).notNull(),
    /** The file's name, or the link. */
    name: text("name").notNull(),
    url: text("url"),
    headers: text("headers", { mode: "json" }).$type<string[]>().notNull(),
    rows: text("rows", { mode: "json" }).$type<{ row: number; cells: string[] }[]>().notNull(),
    mapping: text("mapping", { mode: "json" }).$type<Record<string, string | null>>().notNull(),
    postId: text("post_id").references(() => inventoryPosts.id, { onDelete: "cascade" }),
    syncedAt: timestamp("synced_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inventory_imports_dealer_idx").on(t.dealerId, t.createdAt),
    uniqueIndex("inventory_imports_post_idx").on(t.postId),
    index("inventory_imports_age_idx").on(t.createdAt),
  ],
);

/** The column mapping a dealer last published with, offered again on their next import. */
export const importMappings = sqliteTable("import_mappings", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealers.id, { onDelete: "cascade" }),
  mapping: text("mapping", { mode: "json" }).$type<Record<string, string | null>>().notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * A browser (an installed app on a phone, a desktop browser) that gets Web Push for a dealer: the push service's
 * address and the browser's keys for encrypting to it (RFC 8291). One row per dealer and device; a device a push
 * service reports gone (404/410) is removed when a push to it answers so.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url as PushSubscription.toJSON() gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_dealer_endpoint_idx").on(t.dealerId, t.endpoint)],
);

/** A dealer's push switch per kind of alert (deal alerts, price drops…); a kind without a row is on. */
export const pushSwitches = sqliteTable(
  "push_switches",
  {
    dealerId: ownedBy("dealer_id", () => dealers.id),
    kind: text("kind").notNull(),
    on: flag("on").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.kind] })],
);

/**
 * What a dealer's posts that the daily cron deleted (expired or sold, past LEFT_FEED_POST_KEEP_DAYS) still count
 * for in their all-time figures (/my-stats, the profile's Statistics): added in the same batch as the delete,
 * so a figure neither drops nor counts twice.
 */
export const dealerArchivedStats = sqliteTable("dealer_archived_stats", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealers.id, { onDelete: "cascade" }),
  posts: integer("posts").notNull().default(0),
  soldPosts: integer("sold_posts").notNull().default(0),
  vehiclesListed: integer("vehicles_listed").notNull().default(0),
  vehiclesSold: integer("vehicles_sold").notNull().default(0),
  /** Other dealers' views of the deleted posts. */
  views: integer("views").notNull().default(0),
  commentsReceived: integer("comments_received").notNull().default(0),
  /** The dealer's comments on other dealers' deleted posts. */
  commentsWritten: integer("comments_written").notNull().default(0),
});

/**
 * My Stats' day counts as the main database kept them before My Stats had its own database (its
 * dealer_day_figures, worker/db/stats-schema.ts): still read and added to, for views and posts of the old
 * post_views table, until DAY_FIGURES_KEEP_DAYS passes.
 */
export const legacyDayFigures = sqliteTable(
  "dealer_day_figures",
  { dealerId: ownedBy("dealer_id", () => dealers.id), ...dayCountColumns() },
  (t) => [primaryKey({ columns: [t.dealerId, t.day] }), index("dealer_day_figures_day_idx").on(t.day)],
);

/**
 * The Bill of Sale of a deal, version by version (worker/domain/bill-of-sale). A version is the document's
 * content frozen when the seller signs it; once both dealers have signed, its PDF and SHA-256 are kept and never
 * change. A deal whose details change after that gets a new version to sign; the old ones stay readable.
 */
export const billOfSaleVersions = sqliteTable(
  "bill_of_sale_versions",
  {
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The canonical content (parties, vehicle, price, disclosures, odometer statement), as JSON text. */
    content: text("content").notNull(),
    /** Hex SHA-256 of the canonical content with both signatures; set when the second dealer signs. */
    sha256: text("sha256"),
    /** R2 key of the signed PDF. */
    pdfKey: text("pdf_key"),
    createdAt: createdAt(),
    signedAt: timestamp("signed_at"),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.version] })],
);

/** One dealer's electronic signature on one version of a Bill of Sale, with where and on what it was signed. */
export const billOfSaleSignatures = sqliteTable(
  "bill_of_sale_signatures",
  {
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    dealerId: ownedBy("dealer_id", () => dealers.id),
    role: text("role", { enum: ["seller", "buyer"] }).notNull(),
    /** The name as the dealer typed it. */
    fullName: text("full_name").notNull(),
    /** The consent the dealer ticked, word for word. */
    consentText: text("consent_text").notNull(),
    signedAt: timestamp("signed_at").notNull(),
    ip: text("ip"),
    /** "Austin, TX, US" from the platform's request.cf, when it gives one. */
    place: text("place"),
    userAgent: text("user_agent"),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.version, t.dealerId] })],
);
