import { Hono } from "hono";
import { z } from "zod";
import { clientIdSchema, messageContentSchema, messageContextSchema } from "../../app/lib/realtime";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { validate } from "./validate";

/** The sender always comes from the session: a `senderId` in the body is ignored. */
const sendMessageSchema = z.object({
  receiverId: z.string({ error: "receiverId is required" }).min(1, "receiverId is required").max(64),
  content: messageContentSchema,
  isRead: z.boolean().optional(),
  context: messageContextSchema,
  clientId: clientIdSchema.optional(),
});

export const messageRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  .get("/", validate("query", z.object({ chatId: z.string().max(64).optional() })), async (c) => {
    const { dealer } = requireDealer(c);
    const { chatId } = c.req.valid("query");
    const messaging = c.var.services.messaging;
    return c.json(
      chatId ? await messaging.listMessages(dealer.id, chatId) : await messaging.latestMessages(dealer.id),
      200,
    );
  })
  .post("/", validate("json", sendMessageSchema), async (c) => {
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
