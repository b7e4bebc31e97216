import { Hono } from "hono";
import { z } from "zod";
import { clientIdSchema, messageContentSchema, messageContextSchema } from "../../app/lib/realtime";
import { dealersOnly, requireDealer } from "../auth/guards";
import { CHAT_PAGE_MAX } from "../domain/messaging";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { validate } from "./validate";

/** The sender always comes from the session: a `senderId` in the body is ignored. */
export const sendMessageSchema = z.object({
  receiverId: z.string({ error: "receiverId is required" }).min(1, "receiverId is required").max(64),
  content: messageContentSchema,
  isRead: z.boolean().optional(),
  context: messageContextSchema,
  clientId: clientIdSchema.optional(),
});

/** One chat's messages are read at GET /api/chats/{id}/messages; this list spans every chat. */
export const latestMessagesQuery = z.strictObject(
  {
    cursor: z.string().max(1000).optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).optional(),
  },
  { error: "GET /api/messages takes cursor and limit; read one chat at GET /api/chats/{id}/messages" },
);

export const messageRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  /** The dealer's messages across all chats, newest first. */
  .get("/", validate("query", latestMessagesQuery), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.messaging.latestMessages(dealer.id, c.req.valid("query")));
  })
  /** 201 with the stored message; 200 with it when this clientId was already stored (a retry). */
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
