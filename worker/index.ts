import { Hono } from "hono";
import { api } from "./api";
import { chatFileReadRoutes, objectRoutes } from "./api/objects";
import { createServices } from "./services";
import { d1Session } from "./http/d1-session";
import { edgeCache } from "./http/edge-cache";
import { answerError } from "./http/errors";
import { sameOriginMutations } from "./http/same-origin";
import { securityHeaders } from "./http/security-headers";
import { mustAnswerAgain } from "./http/remembered-sessions";
import { loadSession } from "./http/session";
import type { Network } from "./db/network-wall";
import type { AppEnv } from "./http/types";
import { courierOf } from "./realtime/addresses";
import { routeSocket } from "./realtime/sockets";
import { renderRemix } from "./remix";

/** Worker entry: headers → origin check → session → /api (Hono) → /parties (sockets) → everything else through Remix. */
const app = new Hono<AppEnv>()
  .use(securityHeaders)
  .use(sameOriginMutations)
  .use(d1Session)
  // Photos (signed PUT, immutable GET) need no session: mounted before the session lookup.
  .route("/objects", objectRoutes)
  .use(loadSession)
  .route("/objects", chatFileReadRoutes)
  .route("/api", api)
  .all("/parties/*", (c) => routeSocket(c))
  .use(edgeCache)
  .all("*", (c) => renderRemix(c))
  .onError(answerError);

export { ChatRoom } from "../durable-objects/chat-room";
export { DealAlertFanout } from "../durable-objects/deal-alert-fanout";
export { DealerInbox } from "../durable-objects/dealer-inbox";
export { OutboxCourier } from "../durable-objects/outbox-courier";
export { OfferClock } from "../durable-objects/offer-clock";

export default {
  /** A page rendered for a remembered session that had changed is answered again, from the session as it is. */
  async fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const response = await app.fetch(request, env, ctx);
    if (!mustAnswerAgain(request)) return response;
    const again = await app.fetch(request, env, ctx);
    // The trips of the page thrown away are not in the answer's own: say how many there were.
    const discarded = /(?:^|, )d1;desc="(\d+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? "0";
    const answer = new Response(again.body, again);
    answer.headers.append(
      "Server-Timing",
      `answered-again;desc="session changed, ${discarded} D1 trips thrown away"`,
    );
    return answer;
  },
  /**
   * Daily housekeeping (the cron trigger in wrangler.toml): old demo accounts, posts past their 30 days
   * ('expired') and then the match index of posts older than deal alerts, then what every table that grows
   * keeps no longer (app/lib/retention.ts: sessions, spent links, security events, notifications, the outbox, posts
   * long off the feed…), demo-processor renewals (Stripe renews on its own), and a wake-up
   * for the outbox courier in case a message is waiting whose wake-up was lost; and each network's late titles
   * and payments (once a day per deal and clock, keyed by the run's day); and every dealer's reputation measured
   * again; and the chats whose messages are still in D1 moved into their rooms, and the messages an earlier version
   * left in the main database's outbox table moved into the outbox's.
   */
  async scheduled(controller, env, ctx) {
    const services = createServices(env);
    // Work that tells dealers (a synced sheet's alerts, the market report) reads each network through its wall,
    // and what it starts after its answer still finishes.
    const walled = (network: Network) =>
      createServices(env, { network: () => network, waitUntil: (work) => ctx.waitUntil(work) });
    await Promise.all([
      services.demo.removeExpired(),
      services.inventory.expirePosts().then(() => services.dealAlerts.backfillIndex()),
      services.retention.forgetOld(),
      services.chats.moveOldHistory(),
      walled("real").imports.syncAll(),
      walled("demo").imports.syncAll(),
      walled("real").dealClockAlerts.alertLate(controller.scheduledTime),
      walled("demo").dealClockAlerts.alertLate(controller.scheduledTime),
      services.subscriptions.renewDemoSubscriptions(),
      // The stored report is the real network's: its figures never count the demo's dealers.
      walled("real").news.marketReport.compute(),
      // Figures move with time alone: a review window ending reveals a review, old replies leave the 90 days.
      services.reputation.refreshAll(),
      // The courier goes on with a hand-off left unfinished (or failed) here.
      services.outbox
        .handOffLegacy()
        .catch(() => ({ left: true }))
        .then(({ left }) => (left ? Date.now() : services.outbox.nextDue()))
        .then((at) => (at === null ? undefined : courierOf(env).wake(at))),
    ]);
  },
} satisfies ExportedHandler<Env>;
