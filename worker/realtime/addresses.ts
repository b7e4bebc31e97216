/** Set by the worker on an authorised socket upgrade; the objects trust it because only the worker reaches them. */
export const DEALER_HEADER = "x-dealerlane-dealer-id";

export const chatRoomOf = (env: Env, chatId: string) => env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId));

export const inboxOf = (env: Env, dealerId: string) =>
  env.DEALER_INBOX.get(env.DEALER_INBOX.idFromName(dealerId));

/** The fan-out of one post's deal alerts and price drops. */
export const fanoutOf = (env: Env, postId: string) =>
  env.DEAL_ALERT_FANOUT.get(env.DEAL_ALERT_FANOUT.idFromName(`post:${postId}`));

/** The one courier that delivers the outbox. */
export const courierOf = (env: Env) => env.OUTBOX_COURIER.get(env.OUTBOX_COURIER.idFromName("outbox"));

/** The clock of one offer (its alarm expires it). */
export const offerClockOf = (env: Env, offerId: string) =>
  env.OFFER_CLOCK.get(env.OFFER_CLOCK.idFromName(offerId));
