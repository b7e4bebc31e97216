import type { Context } from "hono";
import { routePartykitRequest } from "partyserver";
import { DomainError } from "../domain/shared/errors";
import type { AppEnv } from "../http/types";
import { DEALER_HEADER } from "./addresses";
import { locationHintOf, type RequestPlace } from "./location";

/** The parties the worker serves, by their address (partyserver's kebab-case of the binding). */
const PARTIES = new Set(["chat-room", "dealer-inbox"]);

const refuse = (status: 401 | 403 | 404, message: string) =>
  new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json" } });

/**
 * /parties/chat-room/{chatId} and /parties/dealer-inbox/{dealerId}: the session is checked before the
 * upgrade — only a chat's participants join its room, only the dealer joins its inbox. Plain HTTP requests
 * to the objects are refused: everything they hold is served by the API. Another site's page never gets this
 * far (worker/http/same-origin.ts), and an unknown party is a JSON 404 like the rest.
 */
export async function routeSocket(c: Context<AppEnv>) {
  const party = new URL(c.req.url).pathname.split("/")[2];
  if (!party || !PARTIES.has(party)) return refuse(404, "No such room");
  const response = await routePartykitRequest(c.req.raw, c.env, {
    // A new room or inbox starts near the dealer who opens it first.
    locationHint: locationHintOf(c.req.raw.cf as RequestPlace | undefined),
    onBeforeRequest: () => refuse(404, "Sockets only"),
    onBeforeConnect: async (request, lobby) => {
      const dealer = c.var.session?.viewer.dealer;
      if (!dealer) return refuse(401, "Please sign in to continue");
      if (lobby.className === "CHAT_ROOM") {
        // A chat the dealer's network does not show is not found; another pair's chat is refused.
        const refusal = await c.var.services.chats.requireParticipant(lobby.name, dealer.id).then(
          () => null,
          (error: unknown) => (error instanceof DomainError && error.status === 404 ? 404 : 403),
        );
        if (refusal)
          return refuse(refusal, refusal === 404 ? "No such room" : "You are not allowed to join this room");
      } else if (!(lobby.className === "DEALER_INBOX" && lobby.name === dealer.id))
        return refuse(403, "You are not allowed to join this room");
      const authorised = new Request(request);
      authorised.headers.set(DEALER_HEADER, dealer.id);
      return authorised;
    },
  });
  return response ?? refuse(404, "No such room");
}
