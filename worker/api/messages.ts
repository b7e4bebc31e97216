import { z } from "zod";
import { apiErrorSchema, chatMessageSchema } from "#lib/api-types";
import { latestMessagesQuery, sendMessageSchema } from "#lib/schemas/network";
import { activePlanRequired, dealersOnly, requireDealer } from "../auth/guards";
import { answerList } from "./answers";
import { dealerRoute, json, openApiRouter, publicRoute } from "./openapi";

const listMessages = publicRoute({
  method: "get",
  path: "/",
  operationId: "listMessages",
  tags: ["Messages"],
  summary: "Your messages across every chat, newest first",
  scope: "read",
  request: { query: latestMessagesQuery },
  answers: { 200: { description: "a page of messages", schema: chatMessageSchema, list: true } },
});

const sendMessage = publicRoute({
  method: "post",
  path: "/",
  operationId: "sendMessage",
  tags: ["Messages"],
  summary: "Send a message to a dealer",
  description:
    "The sender is always the key's dealer; the chat is started when needed. Send a `clientId` so that a retry is stored once.",
  scope: "messages:write",
  middleware: [activePlanRequired],
  request: { body: json(sendMessageSchema) },
  answers: {
    201: { description: "the message was stored", schema: chatMessageSchema },
    200: { description: "a message with this clientId was already stored", schema: chatMessageSchema },
  },
});

export const messageRoutes = openApiRouter(dealersOnly)
  .openapi(listMessages, async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.chats.latestMessages(dealer.id, c.req.valid("query")));
  })
  /** 201 with the stored message; 200 with it when this clientId was already stored (a retry). */
  .openapi(sendMessage, async (c) => {
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
    return created ? c.json(message, 201) : c.json(message, 200);
  })
  /** Take back your own message within 15 minutes; its photos and files are deleted from storage too. */
  .openapi(
    dealerRoute.delete(
      "/{id}",
      { 204: null, 403: apiErrorSchema, 404: apiErrorSchema },
      { params: z.object({ id: z.string().min(1).max(64) }) },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      await c.var.services.chat.deleteMessage(dealer.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
