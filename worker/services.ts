import { deviceCookies } from "./auth/device-cookies";
import { isDemoMode } from "#lib/demo-mode";
import { authFlows } from "./auth/flows";
import { googleSignIn, type GoogleEnv } from "./auth/google";
import { openDatabase } from "./db/client";
import { networkWall, type Network } from "./db/network-wall";
import { afterTheAnswer } from "./db/meter";
import { accountDataService } from "./domain/accounts/data";
import { accountTokenService } from "./domain/accounts/tokens";
import { accountService } from "./domain/accounts";
import { passwordIterationsOf } from "./domain/accounts/password";
import { apiKeyService } from "./domain/accounts/api-keys";
import { securityEventService } from "./domain/accounts/security-events";
import { connectionService } from "./domain/connections";
import { contactService } from "./domain/contact";
import { dealerDirectoryService } from "./domain/directory";
import { dealerService } from "./domain/dealers";
import { demoService } from "./domain/demo";
import { chatFileService } from "./domain/chats/files";
import { chatService } from "./domain/chats";
import { profileService } from "./domain/profile";
import { publicSiteService } from "./domain/public-site";
import { LIMITS, rateLimitService } from "./domain/rate-limits";
import { secretStore } from "./domain/shared/secrets";
import { sessionService } from "./domain/accounts/sessions";
import { settingsService } from "./domain/settings";
import { activityService } from "./domain/activity";
import { inventoryService } from "./domain/inventory";
import { uploadService } from "./domain/uploads";
import { vinService } from "./domain/vin";
import { importService } from "./domain/imports";
import { dohResolver, fetchSheet } from "./integrations/sheet-link";
import type { AiBinding } from "./domain/inventory/summary";
import type { PostChange } from "./domain/inventory/lifecycle";
import type { PriceDrop, Queued } from "./domain/deal-alerts";
import { announceNewPost } from "./realtime/announce-post";
import { chatRoomOf, courierOf, fanoutOf, inboxOf, offerClockOf } from "./realtime/addresses";
import { deliverMessage } from "./realtime/deliver-message";
import { historyOf } from "./realtime/chat-history";
import { emailSender, type EmailEnv } from "./integrations/email";
import { smsSender, type SmsEnv } from "./integrations/sms";
import { pushFetch, pushSender } from "./integrations/web-push";
import { pushService } from "./domain/push";
import { vapidKeys, type VapidEnv } from "./domain/push/vapid";
import { dealAlertService } from "./domain/deal-alerts";
import { dealMatching } from "./domain/deal-alerts/matching";
import type { InboxFrame } from "#lib/realtime";
import type { SendInput } from "./domain/chats";
import { notificationCentre } from "./domain/notifications/centre";
import { notificationService } from "./domain/notifications";
import { networkNotices } from "./domain/notifications/network";
import { notifier, type Delivery } from "./domain/notifications/notify";
import { openTabsRecord } from "./domain/notifications/open-tabs";
import { isLiveAuction } from "#lib/schemas/inventory-constants";
import { preferencesService } from "./domain/notifications/preferences";
import { outboxService } from "./domain/outbox";
import { unsubscribeTokens } from "./domain/outbox/unsubscribe";
import { stripeClient, type StripeEnv } from "./integrations/stripe";
import { demoProcessor } from "./domain/subscriptions/demo-processor";
import { subscriptionService } from "./domain/subscriptions";
import { stripeProcessor } from "./domain/subscriptions/stripe-processor";
import { stripeWebhooks } from "./domain/subscriptions/webhooks";
import { dealAnnouncements } from "./domain/deals/announce";
import { dealService } from "./domain/deals";
import { billOfSaleService } from "./domain/bill-of-sale";
import { dealClockAlerts } from "./domain/deals/clock-alerts";
import { dealClockService } from "./domain/deals/clocks";
import { disputeService } from "./domain/disputes";
import { disputeAnnouncements, type DisputeStep } from "./domain/disputes/announce";
import type { DisputeRow } from "./domain/disputes/views";
import { insightsService } from "./domain/insights";
import { newsService } from "./domain/news";
import { adminConsole } from "./domain/admin";
import { offerService } from "./domain/offers";
import { offerAnnouncements } from "./domain/offers/announce";
import { retentionService } from "./domain/retention";
import { statsBook } from "./domain/stats";
import { reputationService } from "./domain/reputation";

export type ServiceOptions = {
  /** Work that may finish after the answer (deal alerts, outbox wake-ups); awaited in place without it. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The request's D1 session, metered (http/d1-session.ts); the binding itself without it. */
  database?: Pick<D1Database, "prepare" | "batch">;
  /** The outbox's own database (docs/decisions/0094-outbox-database.md); the OUTBOX_DB binding without it. */
  outboxDatabase?: Pick<D1Database, "prepare" | "batch">;
  /** The bell's own database (docs/decisions/0097-bell-database.md); the BELL_DB binding without it. */
  bellDatabase?: Pick<D1Database, "prepare" | "batch">;
  /** My Stats' own database (docs/decisions/0098-stats-database.md); the STATS_DB binding without it. */
  statsDatabase?: Pick<D1Database, "prepare" | "batch">;
  /**
   * The viewer's network (db/network-wall.ts): every service reads `database` through the wall, except
   * those that cross it by their nature — sessions and sign-in (they find an account before its network is
   * known), the demo network's own upkeep, API-key lookup and the admin console (which counts the two apart).
   * Without it (Durable Objects, the cron's housekeeping) nothing is walled.
   */
  network?: () => Network | undefined;
  /**
   * Where a post's deal-alert deliveries are stored: its DealAlertFanout, reached over RPC unless the code runs
   * inside that very object (which stores them in its own storage).
   */
  storeDeliveries?: (queued: Queued[]) => Promise<unknown>;
};

/** The site's address on a local run (`npm start`, the tests) when APP_ORIGIN is not set. */
const LOCAL_ORIGIN = "http://localhost:8787";

/** Every domain service, bound to this request's bindings. The only way the app reaches D1. */
export function createServices(env: Env, options: ServiceOptions = {}) {
  const database = (options.database ?? env.DB) as D1Database;
  const acrossNetworks = openDatabase(database);
  const db = options.network ? openDatabase(networkWall(database, options.network)) : acrossNetworks;
  const rateLimits = rateLimitService(db);
  const dealers = dealerService(db, rateLimits);
  const sessions = sessionService(acrossNetworks);
  const rooms = (chatId: string) => historyOf(env, chatId);
  const chatFiles = chatFileService(db, env as Env & { UPLOAD_SIGNING_SECRET?: string });
  const chats = chatService(db, rateLimits, rooms, chatFiles);
  const directory = dealerDirectoryService(db);
  // Optional configuration (README "Configuration"): UPLOAD_SIGNING_SECRET, VPIC_BASE_URL, an AI binding,
  // e-mail and SMS providers, UNSUBSCRIBE_SIGNING_SECRET, APP_ORIGIN, Stripe, the VAPID key pair of Web Push.
  const optional = env as Env &
    GoogleEnv &
    EmailEnv &
    SmsEnv &
    VapidEnv &
    StripeEnv & {
      UPLOAD_SIGNING_SECRET?: string;
      VPIC_BASE_URL?: string;
      AI?: AiBinding;
      UNSUBSCRIBE_SIGNING_SECRET?: string;
      APP_ORIGIN?: string;
      /** Local runs only: the push service on this machine that every push goes to (the bench's). */
      WEB_PUSH_RELAY?: string;
      /** The workerd tests' only: fewer PBKDF2 iterations for new password hashes (`passwordIterationsOf`). */
      PASSWORD_HASH_ITERATIONS?: string;
    };
  const accounts = accountService(acrossNetworks, {
    passwordIterations: passwordIterationsOf(optional.PASSWORD_HASH_ITERATIONS),
  });
  // The links in e-mails and Google's callback: the configured address only. The request's Host header is the
  // sender's to choose, and a link built from it would hand a reset token to whoever chose it.
  const origin = optional.APP_ORIGIN || LOCAL_ORIGIN;
  /** Runs after the answer when the request allows it; failures are logged, never surfaced. */
  const later = (label: string, task: () => Promise<unknown>): Promise<void> => {
    // Handed to waitUntil, its D1 trips are not the answer's (db/meter.ts).
    const run = (options.waitUntil ? afterTheAnswer(task) : task()).then(
      () => undefined,
      (error) => console.error(`${label} failed`, error),
    );
    if (!options.waitUntil) return run;
    options.waitUntil(run);
    return Promise.resolve();
  };
  const uploads = uploadService(db, optional);
  const settings = settingsService(db);
  const bellDb = openDatabase((options.bellDatabase ?? env.BELL_DB) as D1Database);
  const centre = notificationCentre(bellDb, db);
  // Views are counted by post id once the walled read found the post; the fold reads both networks' posts.
  const stats = statsBook(
    openDatabase((options.statsDatabase ?? env.STATS_DB) as D1Database),
    acrossNetworks,
  );
  const preferences = preferencesService(db);
  const tokens = unsubscribeTokens(db, optional);
  const vapid = vapidKeys(acrossNetworks, optional);
  const outboxDb = openDatabase((options.outboxDatabase ?? env.OUTBOX_DB) as D1Database);
  const outbox = outboxService(outboxDb, db, {
    email: emailSender(optional),
    sms: smsSender(optional),
    push: pushSender(vapid, pushFetch(optional.WEB_PUSH_RELAY)),
    tokens,
    origin,
    wake: (at) => later("Waking the outbox courier", () => courierOf(env).wake(at)),
  });
  const demo = demoService(acrossNetworks, { photos: env.PHOTOS, rooms, outbox, bell: centre, stats });
  const push = (dealerId: string, frame: InboxFrame) => inboxOf(env, dealerId).notify(frame);
  const devices = pushService(db, {
    rateLimits,
    publicKey: async () => (await vapid()).publicKey,
  });
  const notify = notifier(db, { centre, outbox, origin, push, devices });
  const accountTokens = accountTokenService(acrossNetworks);
  const securityEvents = securityEventService(acrossNetworks);
  /** `newestOf`: the time that orders a delivery, newest first (`Queued`). */
  const fanout = async (
    postId: string,
    deliveries: Delivery[],
    newestOf?: (delivery: Delivery) => number | undefined,
  ) => {
    const queued = deliveries.map((delivery) => ({ delivery, newest: newestOf?.(delivery) }));
    await (options.storeDeliveries ? options.storeDeliveries(queued) : fanoutOf(env, postId).enqueue(queued));
  };
  /**
   * A post's deal alerts (and price drops): its DealAlertFanout is told, one small call, and matches on its own
   * alarm, outside this isolate, in the network the post was written in.
   */
  const matchPost = (postId: string, drops?: PriceDrop[]) =>
    fanoutOf(env, postId).match({ postId, network: options.network?.(), drops });
  const notices = networkNotices(db, notify, fanout);
  const networkConnections = connectionService(db, directory, rateLimits);
  const connections = {
    ...networkConnections,
    /** Connecting also tells the other dealer (after the answer). */
    async add(requesterId: string, receiverId: string) {
      const result = await networkConnections.add(requesterId, receiverId);
      if (result.created)
        void later("Connection notice", () =>
          notices.connected(requesterId, receiverId, result.connection.id),
        );
      return result;
    },
  };
  const dealAlerts = dealAlertService(db, {
    matching: dealMatching(db),
    centre,
    fanout,
    spendEdit: (dealerId) => rateLimits.spend([LIMITS.postEditsPerDealer, dealerId]),
    onBuyOrderSaved: (postId) => void later(`Deal alerts for buy order ${postId}`, () => matchPost(postId)),
  });
  // Stripe when its secret key is configured, else the offline demo processor.
  const stripe = optional.STRIPE_SECRET_KEY ? stripeClient(optional.STRIPE_SECRET_KEY) : null;
  const subscriptions = subscriptionService(db, {
    processor: stripe ? stripeProcessor(stripe) : demoProcessor(),
    notify,
    publishableKey: stripe ? (optional.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    rateLimits,
  });
  /** A post edited (by its dealer, or marked sold by a completed deal): price drops and new deal alerts. */
  const postChanged = (postId: string, change: PostChange) => {
    if (change.drops.length > 0)
      void later(`Price drops on post ${postId}`, () => matchPost(postId, [...change.drops]));
    else if (change.matchAgain) void later(`Deal alerts for post ${postId}`, () => matchPost(postId));
  };
  const inventory = inventoryService(db, {
    uploads,
    views: {
      store: (view) => stats.storeView(view),
      counted: (view) => void later(`Counting a view of post ${view.postId}`, () => stats.viewCounted(view)),
      takenBack: (view) =>
        void later(`Taking back a view of post ${view.postId}`, () => stats.takeBackView(view)),
    },
    // Its views are in My Stats' database: they go after the post, which no longer counts them.
    postDeleted: (postId) =>
      void later(`Forgetting the views of post ${postId}`, () => stats.forgetPost(postId)),
    rateLimits,
    aiFor: async (dealer, premium) => {
      const ai = optional.AI;
      if (!ai) return undefined;
      return (premium ?? (await subscriptions.entitlement({ dealerId: dealer.id })).premium) ? ai : undefined;
    },
    networkOf: (dealerId) => connections.connectedDealerIds(dealerId),
    onPostCreated: async (post, network) => {
      // The fan-out object is told before the answer, so a worker gone right after answering loses no alert;
      // the matching runs there, and a post costs the same with or without alerts.
      const told = matchPost(post.id).catch((error) =>
        console.error(`Deal alerts for post ${post.id} failed`, error),
      );
      await Promise.all([announceNewPost(env, post, [post.dealerId, ...network]), told]);
      if (isLiveAuction(post))
        await later(`Auction alert for post ${post.id}`, () => notices.auctionPosted(post, network));
    },
    onPostChanged: postChanged,
  });
  const vin = vinService(db, optional);
  const imports = importService(db, {
    rateLimits,
    decodeMany: (vins) => vin.decodeMany(vins),
    fetchSheet: (url) => fetchSheet(url, { resolve: dohResolver(fetch) }),
    createPost: (dealer, input) => inventory.createPost(dealer, input, origin),
    onPostChanged: postChanged,
  });
  const announcements = dealAnnouncements(db, { deliver: notify.deliver, push });
  const billOfSale = billOfSaleService(db, { storage: env.PHOTOS });
  const reputation = reputationService(db);
  const deals = dealService(db, {
    rateLimits,
    announce: async (event, dealId, actorId) => {
      // A deal that moved changes its two dealers' figures (deals completed, completion, title days).
      if (event !== "proposed")
        await later(`Reputation after deal ${dealId}`, () => reputation.refreshDeal(dealId));
      await later(`Deal ${event} ${dealId}`, async () => {
        // Completing may correct a signed Bill of Sale: its new version opens before both dealers are shown it.
        if (event === "completed") await billOfSale.refresh(await deals.rowOf(dealId));
        await announcements.announce(event, dealId, actorId);
      });
    },
    onPostChanged: postChanged,
  });
  // Title and payment clocks: each change told after the answer; the daily cron sends the late alerts.
  const clockAlerts = dealClockAlerts(db, { deliver: notify.deliver, push });
  const dealClocks = dealClockService(db, {
    rateLimits,
    announce: (dealId, actorId, change, at) =>
      later(`Deal clock ${change.kind} ${dealId}`, () => clockAlerts.announce(dealId, actorId, change, at)),
    onPostChanged: postChanged,
  });
  const disputeNews = disputeAnnouncements({ deliver: notify.deliver });
  const announceDispute = (step: DisputeStep, row: DisputeRow) =>
    later(`Dispute ${step} ${row.id}`, () => disputeNews.announce(step, row));
  const disputes = disputeService(db, { rateLimits, announce: announceDispute });
  // Offers: their clocks are Durable Object alarms; each step is told after the answer, its card sent the way a
  // chat message is (without the first-message notice: the offer's own notification says it).
  const offerNews = offerAnnouncements(db, {
    deliver: notify.deliver,
    push,
    postCard: (card) => deliverMessage(env, chats, card),
  });
  const offers = offerService(db, {
    rateLimits,
    setClock: (offerId, expiresAt) => offerClockOf(env, offerId).set(offerId, expiresAt),
    announce: (events) =>
      later(`Offer ${events[0]?.action} ${events[0]?.offerId}`, () => offerNews.announce(events)),
    dealConfirmed: (dealId) => later(`Deal confirmed ${dealId}`, () => announcements.showConfirmed(dealId)),
  });
  const accountData = accountDataService(acrossNetworks, { rooms, outbox, bell: centre, stats });
  const auth = authFlows({
    accounts,
    sessions,
    rateLimits,
    demo,
    devices: deviceCookies(() => secretStore(acrossNetworks).hmacKey("device-cookie-key")),
    demoMode: isDemoMode(env.DEMO_MODE),
    tokens: accountTokens,
    accountData,
    events: securityEvents,
    outbox,
    siteOrigin: origin,
    later,
  });
  const admin = adminConsole(acrossNetworks, {
    tokens: accountTokens,
    outbox,
    deleteAccount: (accountId) => accountData.delete(accountId),
    announceReview: (dealId) => later(`Deal review ${dealId}`, () => announcements.reviewed(dealId)),
    announceDispute,
    // Across networks like the console itself: the dispute's dealers may be the demo network's.
    refreshReputations: (dealerIds) =>
      later(`Reputation after a dispute decided`, () => reputationService(acrossNetworks).refresh(dealerIds)),
    fanout: (batchName, deliveries) => fanout(batchName, deliveries),
    photos: env.PHOTOS,
    bellDb,
    bell: centre,
    stats,
    rooms,
    siteOrigin: origin,
    refund: (invoiceId, input) => subscriptions.refund(invoiceId, input),
    deliver: (delivery) => notify.deliver(delivery),
  });
  return {
    admin,
    accounts,
    apiKeys: apiKeyService(acrossNetworks, rateLimits),
    dealers,
    subscriptions,
    /** Null until Stripe (key and webhook secret) is configured: the webhook endpoint then answers 404. */
    stripeWebhooks:
      stripe && optional.STRIPE_WEBHOOK_SECRET
        ? stripeWebhooks(db, subscriptions, stripe, optional.STRIPE_WEBHOOK_SECRET)
        : null,
    sessions,
    rateLimits,
    demo,
    /** The daily cron's forgetting: every table that grows without end, across both networks. */
    retention: retentionService(acrossNetworks, { outboxDb, photos: env.PHOTOS, bell: centre, stats }),
    auth,
    google: googleSignIn({ env: optional, accounts, demo, auth, siteOrigin: origin }),
    accountTokens,
    accountData,
    securityEvents,
    activity: activityService(db),
    chats,
    chat: {
      /**
       * Send a chat message (REST or the chat room's socket): stored by the chat's room, then delivered live
       * (realtime/deliver-message.ts); a dealer's first message to another is a notice too.
       */
      async send(input: SendInput, room?: Parameters<typeof deliverMessage>[3]) {
        const sent = await deliverMessage(env, chats, input, room);
        if (sent.created && sent.firstFromSender)
          void later("First-message notice", () => notices.messageSent(sent.message));
        return sent;
      },
      /** Takes back one's own message (15 minutes): its files leave R2, open chats drop it live. */
      async deleteMessage(dealerId: string, messageId: string) {
        const gone = await chats.deleteMessage(dealerId, messageId);
        await chatFiles.remove(gone.fileUrls);
        await chatRoomOf(env, gone.chatId)
          .deliver({ type: "message-deleted", chatId: gone.chatId, messageId })
          .catch((error) => console.error("Live delete failed (deleted in the room)", error));
      },
    },
    contact: contactService(db, rateLimits),
    publicSite: publicSiteService(db, env),
    directory,
    connections,
    profile: profileService(db, env.PHOTOS, rateLimits),
    insights: insightsService(db, rooms, stats),
    news: newsService(db, { audit: admin.audit, demoNetwork: () => options.network?.() === "demo" }),
    settings,
    uploads,
    chatFiles,
    inventory,
    vin,
    imports,
    deals,
    dealClocks,
    dealClockAlerts: clockAlerts,
    disputes,
    reputation,
    offers,
    dealAnnouncements: announcements,
    billOfSale,
    outbox,
    dealAlerts,
    /** Web Push: devices, switches, the public key. */
    push: devices,
    notifications: notificationService(db, {
      centre,
      push,
      preferences,
      notifier: notify,
      outbox,
      tokens,
      rateLimits,
      settings,
    }),
    /** Which dealers have a tab open: written by their DealerInbox, read with each delivery's bells. */
    openTabs: openTabsRecord(db),
  };
}

export type Services = ReturnType<typeof createServices>;
