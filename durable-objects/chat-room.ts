import { Server, type Connection, type ConnectionContext } from "partyserver";
import {
  CALL_RING_SECONDS,
  chatClientFrameSchema,
  parseFrame,
  type CallAnswer,
  type ChatClientFrame,
  type ChatServerFrame,
  type LiveCall,
} from "#lib/realtime";
import { createServices, type Services } from "../worker/services";
import { openDatabase } from "../worker/db/client";
import { roomHistory } from "../worker/domain/chats/room-history";
import { DomainError } from "../worker/domain/shared/errors";
import { DEALER_HEADER, inboxOf } from "../worker/realtime/addresses";
import type { ChatHistory, RoomSend } from "../worker/realtime/chat-history";
import type { MessagePage } from "../worker/domain/chats/room-pages";

type SocketState = { dealerId: string };

const CALL_KEY = "call";
/** Set once the room has moved its chat's rows out of D1 (chats begun before the rooms kept history). */
const IMPORTED_KEY = "history-imported";
/** How long a dealer's sockets may all be gone mid-call before the call counts as hung up. */
const CALL_REJOIN_SECONDS = 20;

/**
 * One per chat, addressed by the chat id: the live room of its two dealers and the keeper of its messages,
 * in its own SQLite (worker/domain/chats/room-storage.ts), while D1 keeps the chat list, the last message and
 * the unread counts, which the room writes when it stores a message (ChatHistory, realtime/chat-history.ts).
 * The worker lets a socket in, or calls the history, only after checking the session and that the dealer is
 * a participant. Hibernation keeps idle sockets free.
 *
 * Calls: the room keeps the one call under way in its own storage (never D1), rings the callee's
 * inbox, relays WebRTC signalling between the two dealers' sockets only, gives up after 30 s by alarm, and
 * leaves the call's line (kind, outcome, start, end, duration) in the chat when it ends.
 */
export class ChatRoom extends Server<Env> implements ChatHistory {
  static options = { hibernate: true };
  #history: ChatHistory | null = null;

  private history(): ChatHistory {
    this.#history ??= roomHistory(this.ctx.storage.sql, openDatabase(this.env.DB), this.name, {
      broadcast: (message) => this.broadcastFrame({ type: "message", message }),
      imported: async () => (await this.ctx.storage.get<boolean>(IMPORTED_KEY)) === true,
      markImported: () => this.ctx.storage.put(IMPORTED_KEY, true),
      deleteAll: async () => {
        await this.ctx.storage.deleteAll();
        this.#history = null;
      },
    });
    return this.#history;
  }

  // The history's methods are the class's own, since an object's RPC reaches only its prototype's.
  storeMessage(input: RoomSend) {
    return this.history().storeMessage(input);
  }
  storedByClient(senderId: string, clientId: string) {
    return this.history().storedByClient(senderId, clientId);
  }
  messagePage(page: MessagePage) {
    return this.history().messagePage(page);
  }
  messagesBefore(before: [number, string] | null, limit: number) {
    return this.history().messagesBefore(before, limit);
  }
  markRead(dealerId: string) {
    return this.history().markRead(dealerId);
  }
  takeBack(dealerId: string, messageId: string, now: number) {
    return this.history().takeBack(dealerId, messageId, now);
  }
  allMessages() {
    return this.history().allMessages();
  }
  activitySince(since: number) {
    return this.history().activitySince(since);
  }
  importHistory() {
    return this.history().importHistory();
  }
  clearHistory() {
    return this.history().clearHistory();
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext) {
    const dealerId = ctx.request.headers.get(DEALER_HEADER);
    return dealerId ? [dealerId] : [];
  }

  async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext) {
    const dealerId = ctx.request.headers.get(DEALER_HEADER);
    if (!dealerId) return connection.close(4401, "Not signed in");
    connection.setState({ dealerId });
    // A tab that opens during a call (the callee who just accepted) learns where it stands.
    const call = await this.currentCall();
    if (call) this.sendFrame(connection, { type: "call", call });
  }

  async onMessage(connection: Connection<SocketState>, raw: string | ArrayBuffer) {
    const dealerId = connection.state?.dealerId;
    const frame = parseFrame(chatClientFrameSchema, raw);
    if (!dealerId || !frame) return this.sendFrame(connection, { type: "error", message: "Invalid frame" });
    const services = this.services();
    try {
      if (frame.type === "send") {
        await services.subscriptions.requireActivePlan({ dealerId });
        const receiverId = await services.chats.otherParticipant(this.name, dealerId);
        await services.chat.send(
          {
            senderId: dealerId,
            receiverId,
            content: frame.content,
            clientId: frame.clientId,
            context: frame.context,
            attachments: frame.attachments,
          },
          this,
        );
      } else if (frame.type === "typing") {
        this.broadcastFrame({ type: "typing", chatId: this.name, dealerId, isTyping: frame.isTyping }, [
          connection.id,
        ]);
      } else if (frame.type === "read") {
        const read = await services.chats.markRead(dealerId, this.name);
        this.broadcastFrame({ type: "read", chatId: this.name, dealerId, readAt: read.readAt });
        await inboxOf(this.env, dealerId).notify({ type: "unread", unreadTotal: read.unreadTotal });
      } else {
        await this.onCallFrame(services, dealerId, frame);
      }
    } catch (error) {
      const message = error instanceof DomainError ? error.message : "Failed to send message";
      if (!(error instanceof DomainError)) console.error("ChatRoom frame failed", error);
      // An error frame, never a closed socket: a refused send (429 included) leaves the room open.
      this.sendFrame(connection, {
        type: "error",
        message,
        clientId: frame.type === "send" ? frame.clientId : undefined,
        retryAfterSeconds: error instanceof DomainError ? error.details?.retryAfterSeconds : undefined,
      });
    }
  }

  private async onCallFrame(
    services: Services,
    dealerId: string,
    frame: Extract<ChatClientFrame, { type: "call-start" | "call-signal" | "call-end" }>,
  ) {
    const current = await this.currentCall();
    if (frame.type === "call-start") {
      if (current) throw new DomainError(409, "A call is already under way in this chat");
      const calleeId = await services.chats.otherParticipant(this.name, dealerId);
      const call: LiveCall = {
        id: frame.callId,
        chatId: this.name,
        kind: frame.kind,
        callerId: dealerId,
        calleeId,
        state: "ringing",
        startedAt: new Date().toISOString(),
      };
      await this.ctx.storage.put(CALL_KEY, call);
      await this.ctx.storage.setAlarm(Date.now() + CALL_RING_SECONDS * 1000);
      this.broadcastFrame({ type: "call", call });
      const caller = await services.chats.participant(dealerId);
      await inboxOf(this.env, calleeId).notify({ type: "call-ring", call, caller });
      return;
    }
    if (!current || current.id !== frame.callId) throw new DomainError(404, "This call has ended");
    if (frame.type === "call-signal") {
      // Only between the call's two dealers: never echoed to the sender's own tabs.
      const otherId = dealerId === current.callerId ? current.calleeId : current.callerId;
      const relayed = JSON.stringify({
        type: "call-signal",
        callId: current.id,
        fromId: dealerId,
        signal: frame.signal,
      } satisfies ChatServerFrame);
      for (const socket of this.getConnections(otherId)) socket.send(relayed);
      return;
    }
    await this.endCall(services, current, current.state === "connected" ? "completed" : "missed");
  }

  /** RPC from the worker (POST /api/chats/{id}/calls/{callId}): the callee accepts or declines from any tab. */
  async answerCall(dealerId: string, callId: string, accept: boolean): Promise<CallAnswer> {
    const current = await this.currentCall();
    if (!current || current.id !== callId || current.calleeId !== dealerId) {
      return { ok: false, status: 404, message: "This call has ended" };
    }
    if (current.state !== "ringing")
      return { ok: false, status: 409, message: "This call was already answered" };
    if (!accept) return { ok: true, call: await this.endCall(this.services(), current, "declined") };
    const call: LiveCall = { ...current, state: "connected", acceptedAt: new Date().toISOString() };
    await this.ctx.storage.put(CALL_KEY, call);
    await this.ctx.storage.deleteAlarm();
    this.broadcastFrame({ type: "call", call });
    await this.tellInboxes(call);
    return { ok: true, call };
  }

  /**
   * 30 s of ringing without an answer: a missed call. During a call: a dealer who has had no socket in the
   * room for a while (the tab closed, the phone lost its network) has hung up.
   */
  async onAlarm() {
    const current = await this.currentCall();
    if (current?.state === "ringing") return void (await this.endCall(this.services(), current, "missed"));
    if (current?.state !== "connected") return;
    const gone = [current.callerId, current.calleeId].some((id) => [...this.getConnections(id)].length === 0);
    if (gone) await this.endCall(this.services(), current, "completed");
  }

  /** A dealer's last socket closed mid-call: give it a moment to come back (a reload, a network hiccup). */
  async onClose(connection: Connection<SocketState>) {
    const current = await this.currentCall();
    const dealerId = connection.state?.dealerId;
    if (current?.state !== "connected" || !dealerId) return;
    const others = [...this.getConnections(dealerId)].filter((c) => c.id !== connection.id);
    if (others.length === 0) await this.ctx.storage.setAlarm(Date.now() + CALL_REJOIN_SECONDS * 1000);
  }

  /** RPC from the worker when a message arrived over REST. */
  async deliver(frame: ChatServerFrame) {
    this.broadcastFrame(frame);
  }

  broadcastFrame(frame: ChatServerFrame, without?: string[]) {
    this.broadcast(JSON.stringify(frame), without);
  }

  private async endCall(
    services: Services,
    call: LiveCall,
    outcome: "completed" | "missed" | "declined",
  ): Promise<LiveCall> {
    await this.ctx.storage.delete(CALL_KEY);
    await this.ctx.storage.deleteAlarm();
    const ended: LiveCall = { ...call, state: "ended" };
    const endedAt = new Date();
    const durationSeconds = call.acceptedAt
      ? Math.max(0, Math.round((endedAt.getTime() - Date.parse(call.acceptedAt)) / 1000))
      : 0;
    this.broadcastFrame({ type: "call", call: ended });
    await this.tellInboxes(ended);
    await services.chat.send(
      {
        senderId: call.callerId,
        receiverId: call.calleeId,
        content: "",
        clientId: `call-${call.id}`,
        call: {
          id: call.id,
          kind: call.kind,
          outcome,
          startedAt: call.startedAt,
          endedAt: endedAt.toISOString(),
          durationSeconds,
        },
      },
      this,
    );
    return ended;
  }

  /** Both dealers' tabs follow the call: the callee's stop ringing, wherever they are. */
  private async tellInboxes(call: LiveCall) {
    const results = await Promise.allSettled(
      [call.callerId, call.calleeId].map((id) => inboxOf(this.env, id).notify({ type: "call-update", call })),
    );
    for (const r of results)
      if (r.status === "rejected") console.error("Call update not delivered", r.reason);
  }

  private async currentCall(): Promise<LiveCall | null> {
    return (await this.ctx.storage.get<LiveCall>(CALL_KEY)) ?? null;
  }

  private services(): Services {
    return createServices(this.env, { waitUntil: (promise) => this.ctx.waitUntil(promise) });
  }

  private sendFrame(connection: Connection, frame: ChatServerFrame) {
    connection.send(JSON.stringify(frame));
  }
}
