import { Hono } from "hono";
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
    });
    return c.json(message, created ? 201 : 200);
  });
