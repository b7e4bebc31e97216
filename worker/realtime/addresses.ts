import type { CallAnswer, ChatServerFrame, InboxFrame } from "#lib/realtime";
import type { Delivery } from "../domain/notifications/notify";

/** Set by the worker on an authorised socket upgrade; the objects trust it because only the worker reaches them. */
export const DEALER_HEADER = "x-dealerlane-dealer-id";

export function chatRoomOf(env: Env, chatId: string) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId)) as unknown as {
    deliver(frame: ChatServerFrame): Promise<void>;
    answerCall(dealerId: string, callId: string, accept: boolean): Promise<CallAnswer>;
  };
}

export function inboxOf(env: Env, dealerId: string) {
  return env.DEALER_INBOX.get(env.DEALER_INBOX.idFromName(dealerId)) as unknown as {
    notify(frame: InboxFrame): Promise<void>;
    ping(): Promise<"pong">;
  };
}

/** The fan-out of one post's deal alerts and price drops. */
export function fanoutOf(env: Env, postId: string) {
  return env.DEAL_ALERT_FANOUT.get(env.DEAL_ALERT_FANOUT.idFromName(`post:${postId}`)) as unknown as {
    enqueue(deliveries: Delivery[]): Promise<number>;
    pendingCount(): Promise<number>;
  };
}

/** The one courier that delivers the outbox. */
export function courierOf(env: Env) {
  return env.OUTBOX_COURIER.get(env.OUTBOX_COURIER.idFromName("outbox")) as unknown as {
    wake(at?: number): Promise<void>;
  };
}
