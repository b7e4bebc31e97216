import type { ChatServerFrame, InboxFrame } from "../../app/lib/realtime";

/** Set by the worker on an authorised socket upgrade; the objects trust it because only the worker reaches them. */
export const DEALER_HEADER = "x-dealerlane-dealer-id";

export function chatRoomOf(env: Env, chatId: string) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId)) as unknown as {
    deliver(frame: ChatServerFrame): Promise<void>;
  };
}

export function inboxOf(env: Env, dealerId: string) {
  return env.DEALER_INBOX.get(env.DEALER_INBOX.idFromName(dealerId)) as unknown as {
    notify(frame: InboxFrame): Promise<void>;
    ping(): Promise<"pong">;
  };
}
