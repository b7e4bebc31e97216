import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MessagesScreen } from "~/components/chat/messages-screen";
import { messageContentSchema } from "~/lib/realtime";
import { requireDealer } from "~/utils/guards.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithFailure, redirectWithToast, routeFailure } from "~/utils/responses.server";

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

/** Sending without JavaScript: the same operation as the socket and REST paths. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  const receiverId = String(form.get("receiverId") ?? "");
  const content = messageContentSchema.safeParse(form.get("content"));
  if (!content.success || !receiverId) return redirect(`/messages?chat=${encodeURIComponent(receiverId)}`);
  try {
    await context.services.chat.send({ senderId: viewer.dealer.id, receiverId, content: content.data });
  } catch (error) {
    const failure = routeFailure(error, { title: "Error", fallback: "Failed to send message" });
    return redirectWithFailure(`/messages?chat=${encodeURIComponent(receiverId)}`, failure, request);
  }
  return redirect(`/messages?chat=${encodeURIComponent(receiverId)}`);
}

export default function Messages() {
  const data = useLoaderData<typeof loader>();
  return <MessagesScreen {...data} />;
}
