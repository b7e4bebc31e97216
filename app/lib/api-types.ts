import { z } from "zod";
import { chatAttachmentSchema } from "#lib/chat-files";
import {
  COUNTRIES,
  DEALERSHIP_TYPES,
  INVENTORY_VIEWS,
  ITEMS_PER_PAGE_OPTIONS,
  POST_TYPES,
} from "#lib/constants";
import { ALERT_PREFERENCES, NOTIFICATION_TYPES, PREFERENCE_KEYS } from "#lib/schemas/notifications";
import { disclosuresSchema } from "#lib/schemas/disclosures";
import { SIGNING_PROFILE_FIELDS } from "#lib/bill-of-sale";
import { PUSH_KINDS, type PushKind } from "#lib/schemas/push";
import {
  DEAL_STATUSES,
  PASS_THRU_STEPS,
  REVIEW_STATUSES,
  SALE_STATUSES,
  TITLE_STATUSES,
} from "#lib/deals/constants";
import { PAYMENT_CLOCK_STATUSES, TITLE_CLOCK_STATUSES, UNWIND_STATUSES } from "#lib/deals/clocks";
import { OFFER_SIDES, OFFER_STATUSES, offerTermsSchema } from "#lib/schemas/offers";
import { OFFER_ACTIONS } from "#lib/schemas/offer-constants";

/**
 * What the API answers, in one place: the worker's domain returns these
 * types, the screens read them, the API tests parse answers with these schemas, and /api-docs renders them.
 * Times are ISO 8601 strings; a list is a JSON array whose next cursor travels in `X-Next-Cursor`.
 */

export const isoTime = z.iso.datetime().describe("ISO 8601 time");

/** An epoch-millisecond time from D1 as the API shows it. */
export const toIso = (epochMs: number) => new Date(epochMs).toISOString();
export const toIsoOrNull = (epochMs: number | null | undefined) => (epochMs == null ? null : toIso(epochMs));

export const apiErrorSchema = z
  .object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    errorId: z.string().optional().describe("only on a 500: quote it to support"),
  })
  .meta({ id: "ApiError" });

const dealershipType = z.enum(DEALERSHIP_TYPES);

// ---------------------------------------------------------------------------------------------------
// Accounts and dealers

/** One signed-in browser of the account, as /settings lists them. */
export const activeSessionSchema = z.object({
  id: z.string(),
  device: z.string().describe('from the user agent: "Chrome on Windows"'),
  place: z.string().nullable().describe("approximate, from the platform; null when it gives none"),
  lastActiveAt: isoTime,
  createdAt: isoTime.describe("when this browser signed in"),
  current: z.boolean().describe("the session making this request"),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const SECURITY_EVENT_TYPES = [
  "signed-up",
  "signed-in",
  "sign-in-failed",
  "password-changed",
  "password-reset-requested",
  "password-reset",
  "sign-in-link-requested",
  "signed-in-with-link",
  "email-verified",
  "google-linked",
  "signed-in-with-google",
  "session-ended",
  "other-sessions-ended",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** One entry of the account's audit trail. */
export const securityEventSchema = z.object({
  id: z.string(),
  type: z.enum(SECURITY_EVENT_TYPES),
  device: z.string(),
  place: z.string().nullable(),
  createdAt: isoTime,
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** "Export my data": everything the dealer put in; rows keep their stored field names, times in ISO 8601. */
export const accountExportSchema = z.object({
  exportedAt: isoTime,
  account: z.object({
    email: z.string(),
    role: z.enum(["dealer", "admin"]),
    emailVerifiedAt: isoTime.nullable(),
    googleLinked: z.boolean(),
    hasPassword: z.boolean(),
    createdAt: isoTime,
  }),
  profile: z.record(z.string(), z.unknown()).nullable(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  notificationPreferences: z.record(z.string(), z.unknown()).nullable(),
  posts: z.array(z.record(z.string(), z.unknown())),
  comments: z.array(z.record(z.string(), z.unknown())),
  messagesSent: z.array(z.record(z.string(), z.unknown())),
  connections: z.array(z.record(z.string(), z.unknown())),
  securityEvents: z.array(z.record(z.string(), z.unknown())),
});

/** A confirmation link spent. */
export const emailConfirmedSchema = z.object({ email: z.string(), emailVerified: z.boolean() });

/** A password change or "Sign out everywhere else": how many other sessions ended. */
export const sessionsEndedSchema = z.object({ signedOutSessions: z.number().int().min(0) });

/** The "current user": `id` is the dealer id used everywhere a dealer is named. */
export const currentUserSchema = z
  .object({
    id: z.string().nullable().describe("the dealer id; null until onboarding saved the dealer profile"),
    userId: z.string().describe("the account id"),
    role: z.enum(["dealer", "admin"]),
    hasProfile: z.boolean(),
    emailVerified: z.boolean().describe("the account's e-mail was confirmed (or Google vouched for it)"),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dealershipName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.enum(COUNTRIES),
    dealershipType,
    profileType: z.enum(["seller", "buyer"]),
    buysCanadianVehicles: z.boolean(),
    description: z.string(),
    website: z.string(),
    vehiclesNeeded: z.string(),
    vehiclesSold: z.string(),
    avatar: z.string().nullable(),
    dealershipPhoto: z.string().nullable(),
  })
  .meta({ id: "CurrentUser" });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A dealer's reputation, measured from what they did on DealerLane (never typed in). A figure is null where its
 * sample is too small to say (the screens say "new on DealerLane").
 */
export const reputationSchema = z
  .object({
    rating: z.number().nullable().describe("mean of the revealed reviews' scores, out of 5"),
    reviewCount: z.number().int().describe("revealed reviews"),
    dealsCompleted: z.number().int().describe("deals completed with another dealer on DealerLane"),
    completionRate: z.number().nullable().describe("share (0–1) of the dealer's confirmed deals completed"),
    medianReplyMinutes: z
      .number()
      .int()
      .nullable()
      .describe("median minutes to the first reply in a chat, last 90 days"),
    offersAnsweredInTime: z
      .number()
      .nullable()
      .describe("share (0–1) of offer steps put to the dealer answered before their clock ran out"),
    medianTitleDays: z
      .number()
      .nullable()
      .describe("median days from completing a sale to the title received by the buyer"),
    disputesLost: z
      .number()
      .int()
      .describe("disputes on the dealer's deals that DealerLane decided against them (0 when none)"),
  })
  .meta({ id: "Reputation" });
export type Reputation = z.infer<typeof reputationSchema>;

/**
 * A dealer as every dealer list, card and popup shows it, each figure computed
 * from the database. Email, phone and online status are null / false when the dealer hid them.
 */
export const directoryDealerSchema = z
  .object({
    id: z.string(),
    userId: z.string().nullable().describe("the dealer's account; null for a dealer added to the directory"),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    avatar: z.string().nullable(),
    dealershipPhoto: z.string().nullable(),
    dealershipName: z.string(),
    dealershipType,
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.enum(COUNTRIES),
    licenseNumber: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    profileType: z.enum(["seller", "buyer"]),
    buysCanadianVehicles: z.boolean(),
    verified: z
      .boolean()
      .describe("an admin checked the dealer's licence and numbers: the Verified dealer badge"),
    rating: z.number().nullable().describe("out of 5; null until rated"),
    connectionCount: z.number().int(),
    mutualConnections: z.number().int(),
    vehicleCount: z.number().int().describe("vehicles listed on inventory posts (requests not counted)"),
    dealsCompleted: z.number().int().nullable().describe("the reputation's deals completed"),
    reputation: reputationSchema,
    memberSince: isoTime,
    isOnline: z.boolean(),
    lastActiveAt: isoTime.nullable(),
    isConnected: z.boolean(),
    isSelf: z.boolean(),
    hasAccount: z.boolean(),
    addedByDealerId: z.string().nullable(),
    canEdit: z.boolean().describe("PATCH /api/dealers/{id} will succeed for you"),
    hidden: z.array(z.enum(["email", "phone", "onlineStatus"])).describe("what this dealer hides from you"),
  })
  .meta({ id: "DirectoryDealer" });
export type DirectoryDealer = z.infer<typeof directoryDealerSchema>;

/** A Wholesale News article: the Markdown body as written; pages render it without raw HTML. */
export const newsArticleSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    category: z.string(),
    summary: z.string(),
    body: z.string().describe("Markdown"),
    sourceName: z.string(),
    sourceUrl: z.string().nullable(),
    trending: z.boolean(),
    readMinutes: z.number().int().describe("computed from the body, 200 words a minute"),
    publishedAt: isoTime,
    createdAt: isoTime,
    updatedAt: isoTime.nullable(),
  })
  .meta({ id: "NewsArticle" });
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** The dealer profile popup (Quick View): the card plus figures only the popup shows. */
export const dealerQuickViewSchema = z
  .object({
    dealer: directoryDealerSchema,
    dealsClosed: z.number().int().describe("the dealer's completed deals"),
    vehiclesSold: z.number().int().describe("completed deals in which the dealer was the seller"),
    posts: z.number().int(),
    openRequests: z.number().int(),
    recentPosts: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        type: z.string(),
        status: z.string(),
        createdAt: isoTime,
      }),
    ),
  })
  .meta({ id: "DealerQuickView" });
export type DealerQuickView = z.infer<typeof dealerQuickViewSchema>;

const discoverMatchSchema = z.object({
  dealer: directoryDealerSchema,
  vehicles: z.array(z.string()),
  sameModel: z.boolean(),
});

/** /discover: dealers nearby, buyers wanting your inventory, sellers of what you want. */
export const discoverySchema = z.object({
  near: z.object({ states: z.array(z.string()), dealers: z.array(directoryDealerSchema) }),
  wantYourInventory: z.array(discoverMatchSchema),
  haveWhatYouWant: z.array(discoverMatchSchema),
});
export type Discovery = z.infer<typeof discoverySchema>;

export const inventoryCountsSchema = z
  .record(z.string(), z.number().int())
  .describe("dealer id → vehicles listed");

/** A connection between two dealers with the other dealer embedded. */
export const connectionSchema = z
  .object({
    id: z.string(),
    requesterId: z.string(),
    receiverId: z.string(),
    status: z.enum(["accepted", "pending"]),
    createdAt: isoTime,
    dealer: directoryDealerSchema.describe("the other dealer"),
  })
  .meta({ id: "Connection" });
export type Connection = z.infer<typeof connectionSchema>;

export const userSettingsSchema = z.object({
  itemsPerPage: z.union(ITEMS_PER_PAGE_OPTIONS.map((n) => z.literal(n))),
  inventoryView: z.enum(INVENTORY_VIEWS),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  messageNotifications: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showOnlineStatus: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------
// Messaging

/** A call's line in the chat: only its kind, outcome, start, end and duration are ever stored. */
export const chatCallSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["video", "voice"]),
    outcome: z.enum(["completed", "missed", "declined"]),
    startedAt: isoTime,
    endedAt: isoTime,
    durationSeconds: z.number().int().describe("0 unless the call was answered"),
  })
  .meta({ id: "ChatCall" });
export type ChatCall = z.infer<typeof chatCallSchema>;

/** GET /api/calls/ice-servers: what RTCPeerConnection needs (STUN, and TURN credentials when configured). */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;
export const iceServersSchema = z.object({ iceServers: z.array(iceServerSchema) });

/** A step of an offer as its card in the chat shows it (whole dollars; the offer itself says the rest). */
export const chatOfferCardSchema = z
  .object({
    offerId: z.string(),
    action: z.enum(OFFER_ACTIONS),
    by: z.enum(OFFER_SIDES),
    price: z.number().int().nullable().describe("whole dollars on the table after this step"),
    vehicle: z.string().describe("year make model"),
    message: z.string().nullable(),
  })
  .meta({ id: "ChatOfferCard" });
export type ChatOfferCard = z.infer<typeof chatOfferCardSchema>;

export const chatMessageSchema = z
  .object({
    id: z.string(),
    clientId: z.string().describe("made by the sender's browser, so a retried send is never stored twice"),
    chatId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    content: z.string(),
    createdAt: isoTime,
    isRead: z.boolean(),
    context: z.object({ postTitle: z.string().optional() }).nullable(),
    attachments: z
      .array(chatAttachmentSchema)
      .describe("photos and files, private to the chat's two dealers"),
    call: chatCallSchema.nullable().describe("set on the line a call leaves in the chat"),
    offer: chatOfferCardSchema
      .nullable()
      .optional()
      .describe("set on the card a step of an offer leaves in the two dealers' chat"),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatParticipantSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    dealershipName: z.string(),
    avatar: z.string().nullable(),
    city: z.string(),
    state: z.string(),
  })
  .meta({ id: "ChatParticipant" });
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatSummarySchema = z
  .object({
    id: z.string(),
    participants: z.array(chatParticipantSchema),
    otherParticipant: chatParticipantSchema,
    lastMessage: z.union([chatMessageSchema, z.null()]),
    messages: z.array(chatMessageSchema).describe("the last message, if any"),
    unreadCount: z.number().int(),
    lastMessageAt: isoTime.nullable(),
  })
  .meta({ id: "ChatSummary" });
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** POST /api/chats: the chat with that dealer and its latest messages, oldest first. */
export const openedChatSchema = z.object({
  id: z.string(),
  otherParticipant: chatParticipantSchema,
  messages: z.array(chatMessageSchema),
});
export type OpenedChat = z.infer<typeof openedChatSchema>;

export const readReceiptSchema = z.object({
  chatId: z.string(),
  readAt: isoTime,
  unreadTotal: z.number().int().describe("your unread messages across every chat"),
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

export const unreadCountSchema = z.object({ unreadTotal: z.number().int() });

/** One of your latest conversations in the right column of the dealer's screens. */
export const recentChatSchema = z.object({
  chatId: z.string(),
  dealerId: z.string().describe("the other dealer"),
  name: z.string(),
  dealershipName: z.string(),
  avatar: z.string().nullable(),
  lastMessage: z.string().nullable().describe("the last message's text"),
  lastMessageAt: isoTime.nullable(),
  unread: z.number().int().describe("messages in this chat you have not read"),
});
export type RecentChat = z.infer<typeof recentChatSchema>;

export const recentConnectionSchema = z.object({
  dealerId: z.string(),
  name: z.string(),
  dealershipName: z.string(),
  city: z.string(),
  state: z.string(),
  connectedAt: isoTime,
});
export type RecentConnection = z.infer<typeof recentConnectionSchema>;

/** The right column: your three latest conversations and three newest connections. */
export const activitySchema = z.object({
  recentChats: z.array(recentChatSchema),
  recentConnections: z.array(recentConnectionSchema),
});
export type Activity = z.infer<typeof activitySchema>;

// ---------------------------------------------------------------------------------------------------
// Notifications

/** A notification as the bell and the notification centre show it (GET /api/notifications), newest first. */
/** What a screen needs to act on a notification, beyond its words. */
export const notificationDataSchema = z
  .object({
    offerAtAsking: z
      .literal(true)
      .optional()
      .describe(
        "a deal alert on a vehicle at or under your buy order's highest price: offer its asking price",
      ),
    postId: z.string().optional(),
    vehicleId: z.string().optional(),
    price: z.number().optional().describe("the vehicle's asking price, dollars with cents"),
    priceCents: z.number().int().optional(),
  })
  .meta({ id: "NotificationData" });
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().describe("the app path of what it is about"),
    createdAt: isoTime,
    readAt: isoTime.nullable(),
    data: notificationDataSchema.nullable(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountSchema = z.object({
  unreadCount: z.number().int().describe("your unread notifications (the bell)"),
});

/** Notification preferences. */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<
    (typeof PREFERENCE_KEYS)[number],
    z.ZodBoolean
  >,
);

const outboxStatus = z
  .enum(["held", "queued", "sending", "sent", "failed"])
  .describe("held: waiting until the dealer confirms their e-mail address");

/** A test text or e-mail: its outbox entry, delivered after the answer. */
export const outboxReceiptSchema = z.object({ id: z.string(), status: outboxStatus });
const sentOutbox = z.array(outboxReceiptSchema.extend({ channel: z.enum(["email", "sms"]) }));

/** The full test deal alert: the notification stored, and the e-mail and text queued for it. */
export const testDealAlertSchema = z.object({
  notification: notificationSchema,
  outbox: sentOutbox,
});

/** Web Push for the signed-in dealer: the key a browser subscribes with, how many devices have it, its switches. */
export const pushSwitchesSchema = z
  .object(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>)
  .describe("push on or off per kind of alert; a kind never switched is on");
export const pushSettingsSchema = z.object({
  available: z.boolean().describe("false for demo accounts: push is for real dealers"),
  publicKey: z.string().describe("the VAPID public key (base64url) for pushManager.subscribe"),
  devices: z.number().int().describe("devices that get your push"),
  switches: pushSwitchesSchema,
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** A device that gets push. */
export const pushDeviceSchema = z.object({ id: z.string(), endpoint: z.string(), createdAt: isoTime });

export const unsubscribedSchema = z.object({
  message: z.string(),
  category: z.enum([...ALERT_PREFERENCES, "network"]).describe("the kind of e-mail turned off"),
});

// ---------------------------------------------------------------------------------------------------
// Inventory

export const postDealerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    dealershipName: z.string(),
    dealershipType,
    avatar: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    buysCanadianVehicles: z.boolean(),
    verified: z.boolean().describe("the Verified dealer badge"),
    rating: z.number().nullable(),
    memberSince: isoTime,
  })
  .meta({ id: "PostDealer" });
export type PostDealer = z.infer<typeof postDealerSchema>;

/** The vehicle a post leads with (its first): the card's title line. */
export const leadVehicleSchema = z.object({
  year: z.number().int().nullable(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  mileage: z.number().int().nullable(),
  priceCents: z.number().int().nullable(),
  disclosures: disclosuresSchema.nullable(),
});
export type LeadVehicle = z.infer<typeof leadVehicleSchema>;

/** A post as the feed lists it: no vehicles or comments, their counts and its lead vehicle instead. */
export const feedPostSchema = z
  .object({
    id: z.string(),
    dealerId: z.string(),
    title: z.string(),
    description: z.string(),
    type: z.enum(POST_TYPES),
    status: z.string(),
    createdAt: isoTime,
    spreadsheetUrl: z.string().nullable(),
    auctionFacilitator: z.string().nullable(),
    photoUrls: z.array(z.string()),
    aiSummary: z.string().nullable().describe("a JSON list of {text} items"),
    vehicleCount: z.number().int(),
    availableCount: z.number().int(),
    commentCount: z.number().int(),
    viewCount: z.number().int(),
    leadVehicle: leadVehicleSchema.nullable().describe("the post's first vehicle; null when it lists none"),
    expiresAt: isoTime
      .nullable()
      .describe(
        "when an active post expires unless renewed (30 days after posted or renewed); null otherwise",
      ),
    dealer: postDealerSchema,
  })
  .meta({ id: "FeedPost" });
export type FeedPost = z.infer<typeof feedPostSchema>;

export const postVehicleSchema = z
  .object({
    id: z.string(),
    vin: z.string().nullable(),
    year: z.number().int().nullable(),
    make: z.string(),
    model: z.string(),
    trim: z.string().nullable(),
    mileage: z.number().int().nullable(),
    price: z.number().nullable().describe("dollars with cents"),
    priceCents: z.number().int().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    color: z.string().nullable(),
    status: z.string(),
    notes: z.string().nullable(),
    location: z.string().nullable(),
    atDealership: z.boolean().nullable(),
    disclosures: disclosuresSchema.nullable().describe("the seller's announcements; null: not answered"),
  })
  .meta({ id: "PostVehicle" });
export type PostVehicle = z.infer<typeof postVehicleSchema>;

export const postCommentSchema = z
  .object({
    id: z.string(),
    postId: z.string(),
    content: z.string(),
    createdAt: isoTime,
    attachmentUrl: z.string().nullable(),
    dealer: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  })
  .meta({ id: "PostComment" });
export type PostComment = z.infer<typeof postCommentSchema>;

export const postDetailSchema = feedPostSchema
  .extend({
    vehicles: z.array(postVehicleSchema),
    comments: z.array(postCommentSchema),
  })
  .meta({ id: "PostDetail" });
export type PostDetail = z.infer<typeof postDetailSchema>;

/** A post on the other side of a post: a listing that answers a request, or a request a listing answers. */
export const postMatchSchema = z.object({
  id: z.string().describe("the matched post's id"),
  post: feedPostSchema,
  vehicles: z.array(z.string()).describe("the vehicles that met, in words"),
});
export type PostMatch = z.infer<typeof postMatchSchema>;

// ---------------------------------------------------------------------------------------------------
// Uploads, VIN, contact

export const uploadTicketSchema = z.object({
  uploadURL: z.string().describe("PUT the image here with its content type, within a few minutes"),
  expiresAt: isoTime,
});

export const vinDecodeSchema = z.object({
  vin: z.string(),
  recognized: z.boolean(),
  checkDigitValid: z.boolean(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  series: z.string().nullable(),
  country: z.string().nullable(),
  vehicleType: z.string().nullable(),
  bodyClass: z.string().nullable(),
  engine: z.string().nullable(),
  transmission: z.string().nullable(),
  drive: z.string().nullable(),
  source: z.enum(["offline", "vpic"]).describe("offline: our decoder only; vpic: merged with NHTSA vPIC"),
  cached: z.boolean(),
});
export type VinDecode = z.infer<typeof vinDecodeSchema>;

export const contactReceiptSchema = z.object({ id: z.string(), createdAt: isoTime });

export const authStatusSchema = z.object({ authenticated: z.boolean() });

const checkStatus = z.enum(["operational", "degraded", "down"]);
const checkSchema = z.object({ status: checkStatus, latencyMs: z.number() });
export const healthReportSchema = z.object({
  status: checkStatus,
  checkedAt: isoTime,
  services: z.object({ database: checkSchema, storage: checkSchema, realtime: checkSchema }),
});
export type CheckStatus = z.infer<typeof checkStatus>;
export type Check = z.infer<typeof checkSchema>;
export type HealthReport = z.infer<typeof healthReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Plans and subscriptions

export const subscriptionPlanSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("e.g. 'Premium Plan'"),
    price: z.number().describe("dollars per month, as the plan cards show it (priceCents is exact)"),
    priceCents: z.number().int().describe("cents per month"),
    features: z.array(z.string()),
    popular: z.boolean().describe("marked Most Popular"),
    premium: z.boolean().describe("unlocks the AI features and the advanced statistics"),
  })
  .meta({ id: "SubscriptionPlan" });
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const mySubscriptionSchema = z.object({
  hasSubscription: z
    .boolean()
    .describe("a paid plan is active (canceled ones count until their period ends)"),
  subscription: z
    .object({
      status: z.enum(["trialing", "active", "past_due", "canceled", "incomplete"]),
      currentPeriodEnd: isoTime.nullable().describe("the next billing date, or the end date once canceled"),
      cancelAtPeriodEnd: z.boolean(),
      plan: z.object({ id: z.string(), name: z.string(), priceCents: z.number().int() }),
      nextPlan: z
        .object({ id: z.string(), name: z.string(), priceCents: z.number().int() })
        .nullable()
        .describe("a downgrade that starts at the period end"),
      paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
      processor: z.enum(["demo", "stripe"]),
    })
    .nullable(),
  trialEndsAt: isoTime.describe("the end of the no-card free trial that started at sign-up"),
  onTrial: z.boolean(),
  active: z.boolean().describe("may post, message and make deals (trial or paid plan)"),
  premium: z.boolean().describe("may use the AI features and the advanced statistics"),
});
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

export const clientSecretSchema = z.object({
  clientSecret: z
    .string()
    .describe("confirm the first payment with it (Stripe.js), or pay with the demo card form"),
  processor: z.enum(["demo", "stripe"]),
  publishableKey: z.string().nullable().describe("Stripe's publishable key; null for the demo processor"),
});

export const invoiceSchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    description: z.string(),
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    status: z.enum(["open", "paid", "void", "uncollectible", "refunded"]),
    periodStart: isoTime.nullable(),
    periodEnd: isoTime.nullable(),
    paidAt: isoTime.nullable(),
    createdAt: isoTime,
    refundableUntil: isoTime
      .nullable()
      .describe("the 30-day money-back guarantee's last moment; null when not refundable"),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof invoiceSchema>;

/** 402: the trial or plan has lapsed (posting, sending messages, deals), or a Premium feature on Basic. */
export const planRequiredSchema = z
  .object({
    message: z.string(),
    subscribeUrl: z.string().describe("where to choose a plan: /subscribe"),
  })
  .meta({ id: "PlanRequired" });

export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe("this event id was applied before and is ignored"),
  applied: z.boolean().describe("the event changed a subscription or invoice"),
});

// ---------------------------------------------------------------------------------------------------
// Deals and Pass Thru Sales

export const dealPartySchema = z.object({ id: z.string(), name: z.string(), dealershipName: z.string() });

export const passThruStepSchema = z
  .object({
    step: z.enum(PASS_THRU_STEPS),
    /** true / false for the yes-no steps; missing, received or sent for the title. */
    value: z.union([z.boolean(), z.enum(TITLE_STATUSES)]),
    updatedBy: dealPartySchema.nullable().describe("who set it last; null while never set"),
    updatedAt: isoTime.nullable(),
  })
  .meta({ id: "PassThruStep" });
export type PassThruStepState = z.infer<typeof passThruStepSchema>;

export const billOfSaleSignatureSchema = z
  .object({ dealerId: z.string(), name: z.string().describe("the name as the dealer typed it"), at: isoTime })
  .meta({ id: "BillOfSaleSignature" });
const dueDateProposalSchema = z
  .object({
    dueAt: isoTime,
    proposedBy: z.string().describe("the dealer who proposed it"),
    proposedAt: isoTime,
    byMe: z.boolean(),
  })
  .describe("a new due date one dealer proposed, waiting for the other to accept");
const dueDateAgreementSchema = z
  .object({ by: z.string().describe("the dealer who accepted it"), at: isoTime })
  .nullable()
  .describe("who accepted the due date in force, and when; null while it is the one the sale set");

/** What both clocks answer: the due date in force, how late, the arrival, a date proposed and the one agreed. */
const clockFields = {
  dueAt: isoTime,
  lateDays: z.number().int().describe("whole days past the due date; 0 while not late"),
  receivedAt: isoTime.nullable(),
  proposal: dueDateProposalSchema.nullable(),
  agreed: dueDateAgreementSchema,
};

/** The title's clock: due at the buyer 5 business days after the sale when in hand, else 21 days. */
export const titleClockSchema = z
  .object({
    status: z
      .enum(TITLE_CLOCK_STATUSES)
      .describe("received once the buyer has it (the title step 'received')"),
    inHand: z.boolean().describe("the seller held the title at the sale"),
    ...clockFields,
  })
  .meta({ id: "TitleClock" });
export type TitleClock = z.infer<typeof titleClockSchema>;

/** The buyer's funds: marked sent by the buyer, confirmed received by the seller. */
export const paymentClockSchema = z
  .object({
    status: z.enum(PAYMENT_CLOCK_STATUSES).describe("late: past the due date and not confirmed received"),
    sentAt: isoTime.nullable(),
    ...clockFields,
  })
  .meta({ id: "PaymentClock" });
export type PaymentClock = z.infer<typeof paymentClockSchema>;

/** Unwinding a deal whose title never came: the buyer asks, the seller agrees or declines. */
export const unwindSchema = z
  .object({
    status: z.enum(UNWIND_STATUSES).nullable().describe("null until the buyer asks"),
    opensAt: isoTime.describe("when the buyer may ask: 30 days past the title's due date"),
    askedAt: isoTime.nullable(),
    answeredAt: isoTime.nullable(),
    canAsk: z.boolean().describe("you are the buyer and may ask now"),
    canAnswer: z.boolean().describe("you are the seller and the buyer is waiting for your answer"),
  })
  .meta({ id: "Unwind" });
export type Unwind = z.infer<typeof unwindSchema>;

/** A deal as both of its dealers see it; money in integer cents. */
export const dealSchema = z
  .object({
    id: z.string(),
    status: z.enum(DEAL_STATUSES),
    reviewStatus: z.enum(REVIEW_STATUSES).describe("the admin's review; unreviewed until then"),
    reviewNotes: z.string().nullable(),
    myRole: z.enum(["seller", "buyer", "recorder"]).describe("the signed-in dealer's side of the deal"),
    proposedByMe: z.boolean(),
    canConfirm: z.boolean().describe("pending, and you are the dealer asked to confirm it"),
    proposer: dealPartySchema.nullable(),
    counterparty: dealPartySchema.nullable(),
    seller: dealPartySchema.nullable(),
    buyer: dealPartySchema.nullable(),
    sellerName: z.string().describe("the seller's name, or 'Wholesale Partner'"),
    postId: z.string().nullable(),
    vin: z.string().nullable(),
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    trim: z.string(),
    miles: z.number().int(),
    color: z.string(),
    priceCents: z.number().int(),
    commissionCents: z
      .number()
      .int()
      .nullable()
      .describe("2 % of the price in whole dollars, set at confirmation"),
    estimatedCommissionCents: z.number().int(),
    location: z.string(),
    auction: z.string().nullable(),
    auctionLocation: z.string().nullable(),
    saleStatus: z.enum(SALE_STATUSES).nullable().describe("pass-thru status once confirmed"),
    steps: z.array(passThruStepSchema),
    billOfSaleUrl: z
      .string()
      .nullable()
      .describe("the Bill of Sale PDF (newest version) once confirmed: unsigned, partly or fully signed"),
    signatures: z
      .array(billOfSaleSignatureSchema)
      .describe("who has signed the newest version of the Bill of Sale, in signing order"),
    signingGaps: z
      .object({
        mine: z.array(z.enum(SIGNING_PROFILE_FIELDS)),
        theirs: z.array(z.enum(SIGNING_PROFILE_FIELDS)),
      })
      .describe("what your profile and the other dealer's still lack before the Bill of Sale can be signed"),
    title: titleClockSchema
      .nullable()
      .describe("the title's clock once the deal is confirmed between two dealers"),
    payment: paymentClockSchema.nullable(),
    unwind: unwindSchema.nullable(),
    createdAt: isoTime,
    confirmedAt: isoTime.nullable(),
    completedAt: isoTime.nullable(),
    approvedAt: isoTime.nullable(),
    disclosures: disclosuresSchema
      .nullable()
      .optional()
      .describe("the seller's announcements as they stood when the offer that made this deal was made"),
  })
  .meta({ id: "Deal" });
export type Deal = z.infer<typeof dealSchema>;

export const completedDealSchema = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------------------
// Offers: only an offer's two dealers see it. Prices in whole dollars, as they are offered.

export const offerStepSchema = z
  .object({
    by: z.enum(OFFER_SIDES),
    action: z.enum(OFFER_ACTIONS),
    price: z.number().int().optional().describe("whole dollars, on offers and counters"),
    message: z.string().optional(),
    at: isoTime,
  })
  .meta({ id: "OfferStep" });
export type OfferStep = z.infer<typeof offerStepSchema>;

export const offerSchema = z
  .object({
    id: z.string(),
    vehicleId: z.string(),
    postId: z.string(),
    buyer: dealPartySchema,
    seller: dealPartySchema,
    status: z.enum(OFFER_STATUSES),
    price: z.number().int().describe("whole dollars on the table"),
    turn: z.enum(OFFER_SIDES).describe("whose answer the offer waits for"),
    myRole: z.enum(OFFER_SIDES).describe("the signed-in dealer's side"),
    clockHours: z.number().int().describe("the reply clock each step restarts"),
    expiresAt: isoTime.describe("when the clock runs out (an open offer expires then)"),
    terms: offerTermsSchema,
    history: z.array(offerStepSchema),
    dealId: z.string().optional().describe("the confirmed deal an accepted offer made"),
    disclosures: disclosuresSchema
      .nullable()
      .describe("the seller's announcements as they stood when the offer was made"),
    vehicle: z.object({
      year: z.number().int().nullable(),
      make: z.string(),
      model: z.string(),
      trim: z.string().nullable(),
      mileage: z.number().int().nullable(),
      askingPriceCents: z.number().int().nullable(),
      photoUrl: z.string().nullable(),
    }),
    createdAt: isoTime,
  })
  .meta({ id: "Offer" });
export type Offer = z.infer<typeof offerSchema>;

export const dealCompletionReceiptSchema = z.object({
  dealId: z.string(),
  outbox: sentOutbox,
});

// ---------------------------------------------------------------------------------------------------
// The admin console: admins only. Money in integer cents.

const centsCount = z.object({
  count: z.number().int(),
  volumeCents: z.number().int(),
  commissionCents: z.number().int(),
});

export const adminFiguresSchema = z.object({
  dealers: z
    .object({ total: z.number().int(), newThisWeek: z.number().int() })
    .describe("real dealers with an account: the demo network is no customer and counts apart"),
  demoNetwork: z
    .object({
      dealers: z.number().int(),
      throwawayAccounts: z.number().int(),
      posts: z.number().int(),
      postsThisWeek: z.number().int(),
    })
    .describe(
      "the demo network (seeded dealers, throwaway demo accounts), counted apart from every business figure",
    ),
  subscriptions: z
    .array(
      z.object({ planId: z.string(), planName: z.string(), status: z.string(), count: z.number().int() }),
    )
    .describe("every subscription row by plan and status"),
  revenue: z.object({
    mrrCents: z
      .number()
      .int()
      .describe("monthly recurring revenue of the active subscriptions, at their plan's price"),
    annualRunRateCents: z.number().int(),
    payingDealers: z.number().int(),
    estimate: z
      .object({
        users: z.number().int(),
        premiumUsers: z.number().int(),
        monthlyCents: z.number().int(),
        annualCents: z.number().int(),
      })
      .describe("the estimate: users × $99, 30 % of users (rounded down) at +$50; annual = monthly × 12"),
  }),
  deals: z.object({
    byStatus: z.array(centsCount.extend({ status: z.string() })),
    byReview: z.array(centsCount.extend({ review: z.string() })),
  }),
  thisWeek: z.object({
    posts: z.number().int(),
    messages: z.number().int(),
    alerts: z.number().int(),
    signups: z.number().int(),
    deals: z.number().int(),
  }),
  daily: z
    .array(z.object({ day: z.string(), signups: z.number().int(), deals: z.number().int() }))
    .describe("the last 30 UTC days, oldest first"),
  generatedAt: isoTime,
});
export type AdminFigures = z.infer<typeof adminFiguresSchema>;

export const adminUserSchema = z
  .object({
    id: z.string().describe("the account id"),
    email: z.string(),
    role: z.enum(["dealer", "admin"]),
    status: z.enum(["active", "suspended"]),
    suspendedAt: isoTime.nullable(),
    suspensionReason: z.string().nullable(),
    emailVerified: z.boolean(),
    isDemo: z.boolean(),
    createdAt: isoTime,
    dealer: z
      .object({
        id: z.string(),
        name: z.string(),
        dealershipName: z.string(),
        phone: z.string(),
        city: z.string(),
        state: z.string(),
        verified: z.boolean(),
      })
      .nullable(),
    plan: z
      .object({ id: z.string(), name: z.string(), status: z.string(), currentPeriodEnd: isoTime.nullable() })
      .nullable()
      .describe("the dealer's subscription; null on the trial or without one"),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ accountId: z.string().nullable(), email: z.string() }),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const promotionSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(["info", "warning", "success", "promotion"]),
  isActive: z.boolean(),
  startDate: z.string().describe("YYYY-MM-DD (UTC), included"),
  endDate: z.string().describe("YYYY-MM-DD (UTC), included"),
  targetAudience: z.enum(["all", "premium", "basic"]),
  createdAt: isoTime,
});
export type Promotion = z.infer<typeof promotionSchema>;

export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  features: z.array(z.string()),
  isActive: z.boolean(),
  userCount: z.number().int().describe("dealers whose subscription is on this plan and in force"),
  updatedAt: isoTime.nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const addOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  description: z.string(),
  isActive: z.boolean(),
  userCount: z.number().int().describe("no dealer can buy an add-on yet: 0"),
  updatedAt: isoTime.nullable(),
});
export type AddOn = z.infer<typeof addOnSchema>;

export const adminPricingSchema = z.object({ plans: z.array(adminPlanSchema), addOns: z.array(addOnSchema) });
export type AdminPricing = z.infer<typeof adminPricingSchema>;

export const adminDealSchema = z.object({
  id: z.string(),
  status: z.enum(DEAL_STATUSES),
  reviewStatus: z.enum(REVIEW_STATUSES),
  reviewNotes: z.string().nullable(),
  reviewedAt: isoTime.nullable(),
  seller: dealPartySchema.nullable(),
  buyer: dealPartySchema.nullable(),
  sellerName: z.string(),
  vehicle: z.string().describe("year make model trim"),
  vin: z.string().nullable(),
  priceCents: z.number().int(),
  commissionCents: z.number().int().nullable(),
  createdAt: isoTime,
});
export type AdminDeal = z.infer<typeof adminDealSchema>;

export const announcementReceiptSchema = z.object({
  audience: z.enum(["all", "basic", "premium"]),
  recipients: z.number().int().describe("dealers the announcement is being delivered to"),
});

export const clearDataReceiptSchema = z.object({
  removedAccounts: z.number().int().describe("throwaway demo accounts removed with everything they made"),
  removedDeals: z.number().int().describe("deals a demo dealer was part of (the seeded network has none)"),
});

export const verificationRequestSchema = z.object({
  id: z.string(),
  dealer: dealPartySchema,
  licenseNumber: z.string(),
  auctionAccessNumber: z.string(),
  dealership5MilNumber: z.string(),
  documentUrl: z.string().nullable(),
  status: z.enum(["pending", "approved", "refused"]),
  note: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Inventory imports

/** A vehicle read from a spreadsheet row, as the preview shows it (price in dollars, as typed). */
export const importVehicleSchema = postVehicleSchema
  .pick({
    vin: true,
    year: true,
    make: true,
    model: true,
    trim: true,
    mileage: true,
    price: true,
    color: true,
    city: true,
    state: true,
    location: true,
    notes: true,
  })
  .extend({ stockNumber: z.string().nullable(), disclosures: disclosuresSchema.nullable() });
export type ImportVehicle = z.infer<typeof importVehicleSchema>;

export const importRowSchema = z.object({
  row: z.number().int().describe("the row's number in the sheet, as the spreadsheet shows it"),
  vehicle: importVehicleSchema.nullable().describe("null when the row has errors"),
  errors: z.array(z.string()),
});
export type ImportRowAnswer = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  id: z.string(),
  source: z.enum(["file", "link"]),
  name: z.string().describe("the file's name or the link"),
  headers: z.array(z.string()).describe("the sheet's header row, as the mapping names its columns"),
  mapping: z
    .record(z.string(), z.string().nullable())
    .describe("column → header read into it (null: not read)"),
  rows: z.array(importRowSchema),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  createdAt: isoTime,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const inventorySyncSchema = z.object({
  added: z.number().int().describe("vehicles new in the sheet"),
  updated: z.number().int().describe("vehicles whose price or miles changed"),
  removed: z.number().int().describe("vehicles gone from the sheet, marked sold"),
});
export type InventorySync = z.infer<typeof inventorySyncSchema>;

// ---------------------------------------------------------------------------------------------------
// Reviews

const reviewScores = {
  vehicleAsDescribed: z.number().int().min(1).max(5),
  paperworkOnTime: z.number().int().min(1).max(5),
  paymentOnTime: z.number().int().min(1).max(5),
  communication: z.number().int().min(1).max(5),
};

/** A review as the public sees it once revealed, with the reviewed dealer's one reply. */
export const dealerReviewSchema = z
  .object({
    id: z.string(),
    dealId: z.string(),
    reviewer: z.object({ id: z.string(), name: z.string(), dealershipName: z.string() }),
    reviewedId: z.string(),
    ...reviewScores,
    score: z.number().describe("the mean of the four scores"),
    comment: z.string(),
    vehicle: z.string().describe('the deal\'s "year make model"'),
    reply: z.string().nullable(),
    repliedAt: isoTime.nullable(),
    createdAt: isoTime,
    canReply: z.boolean().describe("you are the reviewed dealer and have not replied yet"),
  })
  .meta({ id: "DealerReview" });
export type DealerReview = z.infer<typeof dealerReviewSchema>;

/** Where the reviews of one completed deal stand, for one of its two dealers. */
export const dealReviewStateSchema = z
  .object({
    dealId: z.string(),
    otherDealer: z.object({ id: z.string(), name: z.string(), dealershipName: z.string() }),
    status: z
      .enum(["not-completed", "open", "waiting", "revealed", "closed"])
      .describe(
        "open: you may review; waiting: yours is written, theirs not yet; revealed: both show; closed: the window ended without yours",
      ),
    reviewDueAt: isoTime.nullable().describe("the review window's end; null before completion"),
    mine: dealerReviewSchema.nullable(),
    theirs: dealerReviewSchema.nullable().describe("only once revealed"),
  })
  .meta({ id: "DealReviewState" });
export type DealReviewState = z.infer<typeof dealReviewStateSchema>;
