import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { MessagesScreen } from "~/components/chat/messages-screen";
import { messageContentSchema } from "~/lib/realtime";
import { requireDealer } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Messages · DealerLane" }];

/** `?chat={dealerId}` opens (or creates) the chat with that dealer; the page then clears the query. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const me = viewer.dealer.id;
  const messaging = context.services.messaging;
  const chatWith = new URL(request.url).searchParams.get("chat");
  let selectedChatId: string | null = null;
  if (chatWith) {
    try {
      selectedChatId = await messaging.ensureChat(me, chatWith);
    } catch {
      throw await redirectWithToast("/messages", { title: "Failed to start chat" }, request);
    }
  }
  const [chats, initialMessages] = await Promise.all([
    messaging.listChats(me),
    selectedChatId ? messaging.listMessages(me, selectedChatId) : Promise.resolve([]),
  ]);
  return { me, userId: currentUser.userId, chats, selectedChatId, initialMessages };
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

/** Sending without JavaScript: the same operation as the socket and REST paths. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await request.formData();
  const receiverId = String(form.get("receiverId") ?? "");
  const content = messageContentSchema.safeParse(form.get("content"));
  if (!content.success || !receiverId) return redirect(`/messages?chat=${encodeURIComponent(receiverId)}`);
  try {
    await context.services.chat.send({ senderId: viewer.dealer.id, receiverId, content: content.data });
  } catch {
    return redirectWithToast(
      `/messages?chat=${encodeURIComponent(receiverId)}`,
      { title: "Error", description: "Failed to send message" },
      request,
    );
  }
  return redirect(`/messages?chat=${encodeURIComponent(receiverId)}`);
}

export default function Messages() {
  const data = useLoaderData<typeof loader>();
  return <MessagesScreen {...data} />;
}
