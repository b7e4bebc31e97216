import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { MessagesScreen } from "~/components/chat/messages-screen";
import { z } from "zod";
import type { CallIntent } from "~/components/chat/use-call";
import { callIdSchema, callKindSchema, messageContentSchema } from "#lib/realtime";
import { isAdmin } from "#lib/roles";
import type { RouteHandle } from "~/root";
import { requireDealer } from "~/utils/guards.server";
import { parseForm } from "#lib/forms";
import { readForm } from "~/utils/form-body.server";
import { redirectWithFailure, redirectWithToast, routeFailure } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Messages · DealerLane" }];

/** The conversation is the screen: the shell gives it the width its right column and full menu would take. */
export const handle: RouteHandle = { workspace: true };

/**
 * `?chat={dealerId}` opens the chat with that dealer; the page then clears the query. A GET never writes:
 * an existing chat is read here, and a chat that does not exist yet is started by the page (POST /api/chats)
 * or, before JavaScript loads, by the first message sent through the action below.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const me = viewer.dealer.id;
  const messaging = context.services.chats;
  const search = new URL(request.url).searchParams;
  const chatWith = search.get("chat");
  const [chats, existing, peer] = await Promise.all([
    messaging.listChats(me),
    chatWith ? messaging.findChat(me, chatWith) : Promise.resolve(null),
    chatWith && chatWith !== me ? context.services.directory.get(me, chatWith) : Promise.resolve(null),
  ]);
  if (chatWith && !peer)
    throw await redirectWithToast("/messages", { title: "Failed to start chat" }, request);
  const opened = existing ? await messaging.listMessages(me, existing) : null;
  return {
    me,
    userId: currentUser.userId,
    // Read with the session.
    premium: context.session?.entitlement.premium ?? false,
    admin: isAdmin(viewer),
    // What the list shows (messages-screen's ChatListItem): the rest of a chat stays with GET /api/chats.
    chats: chats.items.map(({ id, otherParticipant, lastMessage, unreadCount, lastMessageAt }) => ({
      id,
      otherParticipant,
      lastMessage: lastMessage && {
        content: lastMessage.content,
        attachments: lastMessage.attachments,
        call: lastMessage.call,
      },
      unreadCount,
      lastMessageAt,
    })),
    chatsCursor: chats.nextCursor,
    selectedChatId: existing,
    initialMessages: opened?.items ?? [],
    initialOlderCursor: opened?.nextCursor ?? null,
    callIntent: callIntentOf(search),
    startWith:
      peer && !existing
        ? { id: peer.id, name: peer.name, dealershipName: peer.dealershipName, avatar: peer.avatar }
        : null,
  };
}

/** `?call=video|voice` starts a call (a post card's popup), `?join={callId}` joins the one just accepted. */
const callIntentSchema = z.object({
  call: callKindSchema.optional().catch(undefined),
  join: callIdSchema.optional().catch(undefined),
});
function callIntentOf(search: URLSearchParams): CallIntent {
  const { call, join } = callIntentSchema.parse({
    call: search.get("call") ?? undefined,
    join: search.get("join") ?? undefined,
  });
  return call || join ? { start: call, join } : null;
}

/**
 * Moving within /messages (the open chat's #fragment on a phone, the cleared ?chat query) keeps the screen's
 * data: the list stays current through the live inbox. A new ?chat or a form post loads again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has("chat")
    ? false
    : defaultShouldRevalidate;

/** The message form before JavaScript loads: to whom, and the text. */
const sendFormSchema = z.object({ receiverId: z.string().min(1), content: messageContentSchema });

/** Sending without JavaScript: the same operation as the socket and REST paths (it starts the chat if needed). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  const message = parseForm(form, sendFormSchema);
  const back = `/messages?chat=${encodeURIComponent(String(message.payload.receiverId ?? ""))}`;
  if (message.status !== "success") return redirect(back);
  try {
    // The session read the plan; only a lapsed one asks D1 again, for the 402 and its way to /subscribe.
    if (!context.session?.entitlement.active)
      await context.services.subscriptions.requireActivePlan({ accountId: viewer.accountId });
    await context.services.chat.send({ senderId: viewer.dealer.id, ...message.value });
  } catch (error) {
    const failure = routeFailure(error, { title: "Error", fallback: "Failed to send message" });
    return redirectWithFailure(back, failure, request);
  }
  return redirect(back);
}

export default function Messages() {
  const data = useLoaderData<typeof loader>();
  return <MessagesScreen {...data} />;
}
