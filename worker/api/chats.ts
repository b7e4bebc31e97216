import { Hono } from "hono";
import { z } from "zod";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { chatRoomOf, inboxOf } from "../realtime/addresses";
import { validate } from "./validate";

const idParam = z.object({ id: z.string().min(1).max(64) });
const pageQuery = z.object({
  after: z.coerce.number().int().nonnegative().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** Chats: the REST side of messaging (the spec's client, the public API, and the fallback while a socket is down). */
export const chatRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  .get("/", async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.messaging.listChats(dealer.id), 200);
  })
  .post(
    "/",
    validate("json", z.object({ participantId: z.string().min(1, "participantId is required").max(64) })),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(
        await c.var.services.messaging.openChat(dealer.id, c.req.valid("json").participantId),
        200,
      );
    },
  )
  .get("/:id/messages", validate("param", idParam), validate("query", pageQuery), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(
      await c.var.services.messaging.listMessages(dealer.id, c.req.valid("param").id, c.req.valid("query")),
      200,
    );
  })
  .post("/:id/read", validate("param", idParam), async (c) => {
    const { dealer } = requireDealer(c);
    const read = await c.var.services.messaging.markRead(dealer.id, c.req.valid("param").id);
    // The receipt and the new unread count travel live; the answer does not wait for them.
    c.executionCtx.waitUntil(
      Promise.allSettled([
        chatRoomOf(c.env, read.chatId).deliver({
          type: "read",
          chatId: read.chatId,
          dealerId: dealer.id,
          readAt: read.readAt,
        }),
        inboxOf(c.env, dealer.id).notify({ type: "unread", unreadTotal: read.unreadTotal }),
      ]),
    );
    return c.json(read, 200);
  });
