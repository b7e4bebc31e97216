import { Server, type Connection, type ConnectionContext } from "partyserver";
import { chatClientFrameSchema, parseFrame, type ChatServerFrame } from "../app/lib/realtime";
import { createServices } from "../worker/domain";
import { DomainError } from "../worker/domain/errors";
import { DEALER_HEADER, inboxOf } from "../worker/realtime/addresses";

type SocketState = { dealerId: string };

/**
 * One per chat, addressed by the chat id: the live room of its two dealers. The worker lets a socket in
 * only after checking the session and that the dealer is a participant. Hibernation keeps idle sockets free;
 * everything worth keeping lives in D1, so an evicted room loses nothing.
 */
export class ChatRoom extends Server<Env> {
  static options = { hibernate: true };

  onConnect(connection: Connection<SocketState>, ctx: ConnectionContext) {
    const dealerId = ctx.request.headers.get(DEALER_HEADER);
    if (!dealerId) return connection.close(4401, "Not signed in");
    connection.setState({ dealerId });
  }

  async onMessage(connection: Connection<SocketState>, raw: string | ArrayBuffer) {
    const dealerId = connection.state?.dealerId;
    const frame = parseFrame(chatClientFrameSchema, raw);
    if (!dealerId || !frame) return this.sendFrame(connection, { type: "error", message: "Invalid frame" });
    const services = createServices(this.env, { waitUntil: (promise) => this.ctx.waitUntil(promise) });
    try {
      if (frame.type === "send") {
        const receiverId = await services.messaging.otherParticipant(this.name, dealerId);
        await services.chat.send(
          {
            senderId: dealerId,
            receiverId,
            content: frame.content,
            clientId: frame.clientId,
            context: frame.context,
          },
          { broadcastFrame: (f) => this.broadcastFrame(f) },
        );
      } else if (frame.type === "typing") {
        this.broadcastFrame({ type: "typing", chatId: this.name, dealerId, isTyping: frame.isTyping }, [
          connection.id,
        ]);
      } else {
        const read = await services.messaging.markRead(dealerId, this.name);
        this.broadcastFrame({ type: "read", chatId: this.name, dealerId, readAt: read.readAt });
        await inboxOf(this.env, dealerId).notify({ type: "unread", unreadTotal: read.unreadTotal });
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

  /** RPC from the worker when a message arrived over REST. */
  async deliver(frame: ChatServerFrame) {
    this.broadcastFrame(frame);
  }

  broadcastFrame(frame: ChatServerFrame, without?: string[]) {
    this.broadcast(JSON.stringify(frame), without);
  }

  private sendFrame(connection: Connection, frame: ChatServerFrame) {
    connection.send(JSON.stringify(frame));
  }
}
