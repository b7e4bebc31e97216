import { Hono } from "hono";
import { z } from "zod";
import { answerCallBody, chatMessagesQuery, chatsQuery, openChatBody } from "#lib/schemas/network";
import { dealersOnly, requireDealer } from "../auth/guards";
import { DomainError } from "../domain/shared/errors";
import type { AppEnv } from "../http/types";
import { chatRoomOf, inboxOf } from "../realtime/addresses";
import { answerList } from "./answers";
import { validate } from "./validate";

const idParam = z.object({ id: z.string().min(1).max(64) });
const callParam = idParam.extend({ callId: z.string().min(1).max(64) });
/** Chats: the REST side of messaging (the spec's client, the public API, and the fallback while a socket is down). */
export const chatRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  .get("/", validate("query", chatsQuery), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.messaging.listChats(dealer.id, c.req.valid("query")));
  })
  /** The dealer's unread messages across every chat: the badge's figure while the live inbox is down. */
  .get("/unread", async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json({ unreadTotal: await c.var.services.messaging.unreadTotal(dealer.id) }, 200);
  })
  /** Opens the chat with a dealer: 201 when this call started it, 200 when it existed. */
  .post("/", validate("json", openChatBody), async (c) => {
    const { dealer } = requireDealer(c);
    const { chat, created } = await c.var.services.messaging.openChat(
      dealer.id,
      c.req.valid("json").participantId,
    );
    return c.json(chat, created ? 201 : 200);
  })
  /**
   * A chat's messages, oldest first on a page: the latest page, then `cursor` for older ones; `after`
   * (the id of the newest message held) catches up on newer ones, and its next cursor keeps going forward.
   */
  .get("/:id/messages", validate("param", idParam), validate("query", chatMessagesQuery), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(
      c,
      await c.var.services.messaging.listMessages(dealer.id, c.req.valid("param").id, c.req.valid("query")),
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
  })
  /** The called dealer accepts or declines a ringing call (issue 19); every tab of theirs stops ringing. */
  .post("/:id/calls/:callId", validate("param", callParam), validate("json", answerCallBody), async (c) => {
    const { dealer } = requireDealer(c);
    const { id, callId } = c.req.valid("param");
    await c.var.services.messaging.requireParticipant(id, dealer.id);
    const answer = await chatRoomOf(c.env, id).answerCall(
      dealer.id,
      callId,
      c.req.valid("json").answer === "accept",
    );
    if (!answer.ok) throw new DomainError(answer.status, answer.message);
    return c.json(answer.call, 200);
  });
