import { Hono } from "hono";
import {
  markReadSchema,
  notificationsQuerySchema,
  preferencesSchema,
  testEmailSchema,
  testSmsSchema,
  triggerDealAlertSchema,
  unsubscribeQuerySchema,
} from "#lib/schemas/notifications";
import { dealCompletionNoticeSchema } from "#lib/schemas/deals";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { validate } from "./validate";

/**
 * /api/notifications: preferences, the three tests, the notification centre.
 * Every call needs a signed-in dealer, checked before the body — except the one-click unsubscribe, which a
 * mail provider posts on the dealer's behalf with nothing but the signed token (RFC 8058).
 */
export const notificationRoutes = new Hono<AppEnv>()
  // Registered before the guard on purpose: it answers without a session.
  .post("/unsubscribe", validate("query", unsubscribeQuerySchema), async (c) => {
    const result = await c.var.services.notifications.unsubscribe(c.req.valid("query").token);
    if (!result) return c.json({ message: "This unsubscribe link is not valid" }, 400);
    return c.json({ message: `You will no longer get ${result.label}`, category: result.category }, 200);
  })
  .use(dealersOnly)
  .get("/", validate("query", notificationsQuerySchema), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.notifications.centre.list(dealer.id, c.req.valid("query")));
  })
  .get("/unread-count", async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json({ unreadCount: await c.var.services.notifications.centre.unreadCount(dealer.id) }, 200);
  })
  .post("/read", validate("json", markReadSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const unreadCount = await c.var.services.notifications.markRead(dealer.id, c.req.valid("json").ids);
    return c.json({ unreadCount }, 200);
  })
  .get("/preferences", async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.notifications.preferences.forDealer(dealer.id), 200);
  })
  .patch("/preferences", validate("json", preferencesSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const saved = await c.var.services.notifications.savePreferences(dealer.id, c.req.valid("json"));
    return c.json(saved, 200);
  })
  .post("/test-sms", validate("json", testSmsSchema), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.notifications.testSms(dealer, c.req.valid("json")), 202);
  })
  .post("/test-email", validate("json", testEmailSchema), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.notifications.testEmail(dealer, c.req.valid("json")), 202);
  })
  /** The completed deal's confirmation e-mails to both dealers; a repeat sends nothing twice. */
  .post("/deal-completion", validate("json", dealCompletionNoticeSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const row = await c.var.services.deals.completedRow(dealer.id, c.req.valid("json").dealId);
    return c.json(await c.var.services.dealAnnouncements.completionNotices(row, dealer.id), 202);
  })
  .post("/trigger-deal-alert", validate("json", triggerDealAlertSchema), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.notifications.triggerDealAlert(dealer, c.req.valid("json")), 202);
  });
