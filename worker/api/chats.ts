import { z } from "zod";
import {
  apiErrorSchema,
  chatMessageSchema,
  chatSummarySchema,
  openedChatSchema,
  readReceiptSchema,
  unreadCountSchema,
} from "#lib/api-types";
import { liveCallSchema } from "#lib/realtime";
import { answerCallBody, chatMessagesQuery, chatsQuery, openChatBody } from "#lib/schemas/network";
import { dealersOnly, requireDealer } from "../auth/guards";
import { DomainError } from "../domain/shared/errors";
import { chatRoomOf, inboxOf } from "../realtime/addresses";
import { answerList } from "./answers";
import { dealerRoute, openApiRouter } from "./openapi";

const idParam = z.object({ id: z.string().min(1).max(64) });
const callParam = idParam.extend({ callId: z.string().min(1).max(64) });
/** Chats: the REST side of messaging (the client, the public API, and the fallback while a socket is down). */
export const chatRoutes = openApiRouter(dealersOnly)
  .openapi(dealerRoute.get("/", { 200: [chatSummarySchema] }, { query: chatsQuery }), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.chats.listChats(dealer.id, c.req.valid("query")));
  })
  /** The dealer's unread messages across every chat: the badge's figure while the live inbox is down. */
  .openapi(dealerRoute.get("/unread", { 200: unreadCountSchema }), async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json({ unreadTotal: await c.var.services.chats.unreadTotal(dealer.id) }, 200);
  })
  /** Opens the chat with a dealer: 201 when this call started it, 200 when it existed. */
  .openapi(
    dealerRoute.post("/", { 201: openedChatSchema, 200: openedChatSchema }, { body: openChatBody }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { chat, created } = await c.var.services.chats.openChat(
        dealer.id,
        c.req.valid("json").participantId,
      );
      return c.json(chat, created ? 201 : 200);
    },
  )
  /**
   * A chat's messages, oldest first on a page: the latest page, then `cursor` for older ones; `after`
   * (the id of the newest message held) catches up on newer ones, and its next cursor keeps going forward.
   */
  .openapi(
    dealerRoute.get(
      "/{id}/messages",
      { 200: [chatMessageSchema] },
      { params: idParam, query: chatMessagesQuery },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      return answerList(
        c,
        await c.var.services.chats.listMessages(dealer.id, c.req.valid("param").id, c.req.valid("query")),
      );
    },
  )
  .openapi(dealerRoute.post("/{id}/read", { 200: readReceiptSchema }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    const read = await c.var.services.chats.markRead(dealer.id, c.req.valid("param").id);
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
  })
  /** The called dealer accepts or declines a ringing call; every tab of theirs stops ringing. */
  .openapi(
    dealerRoute.post(
      "/{id}/calls/{callId}",
      { 200: liveCallSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      { params: callParam, body: answerCallBody },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id, callId } = c.req.valid("param");
      await c.var.services.chats.requireParticipant(id, dealer.id);
      const answer = await chatRoomOf(c.env, id).answerCall(
        dealer.id,
        callId,
        c.req.valid("json").answer === "accept",
      );
      if (!answer.ok) throw new DomainError(answer.status, answer.message);
      return c.json(answer.call, 200);
    },
  );
