import { Hono } from "hono";
import { z } from "zod";
import { latestMessagesQuery, sendMessageSchema } from "../../app/lib/schemas/network";
import { activePlanRequired, dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { validate } from "./validate";

export const messageRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  /** The dealer's messages across all chats, newest first. */
  .get("/", validate("query", latestMessagesQuery), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.messaging.latestMessages(dealer.id, c.req.valid("query")));
  })
  /** 201 with the stored message; 200 with it when this clientId was already stored (a retry). */
  .post("/", activePlanRequired, validate("json", sendMessageSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const body = c.req.valid("json");
    const { message, created } = await c.var.services.chat.send({
      senderId: dealer.id,
      receiverId: body.receiverId,
      content: body.content,
      clientId: body.clientId,
      context: body.context,
      attachments: body.attachments,
    });
    return c.json(message, created ? 201 : 200);
  })
  /** Take back your own message within 15 minutes; its photos and files are deleted from storage too. */
  .delete("/:id", validate("param", z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const { dealer } = requireDealer(c);
    await c.var.services.chat.deleteMessage(dealer.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
