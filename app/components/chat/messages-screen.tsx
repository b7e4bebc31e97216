import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { RelativeTime } from "~/components/ui/clock";
import { inputClass } from "~/components/ui/field";
import { Search } from "~/components/ui/icons";
import { api, pageOf } from "#lib/api-client";
import type { ChatMessage, ChatSummary } from "#lib/api-types";
import { toastError } from "#lib/toast";
import { AddChatButton } from "./add-chat-button";
import { Conversation, type ChatPeer } from "./conversation";
import type { CallIntent } from "./use-call";
import { messagePreview } from "#lib/chat-texts";
import { ChatDealTools } from "./on-demand";
import { ClearDataButton } from "~/components/admin/clear-data-button";
import { ChatToolsPanel, ChatToolsToggle, useChatToolsPanel } from "./chat-tools-panel";
import { CopilotPanel, CopilotUpsell } from "./copilot-panel";
import { useInboxFrames } from "./inbox-context";
import { messagesPage, type LocalMessage } from "./use-conversation";

export type ChatListItem = Pick<ChatSummary, "id" | "unreadCount" | "lastMessageAt"> & {
  otherParticipant: ChatPeer;
  /** What the list previews of the latest message (a live message or GET /api/chats may bring all of it). */
  lastMessage: Pick<ChatMessage, "content" | "attachments" | "call"> | null;
};

type Selected = { chatId: string; messages: ChatMessage[]; olderCursor: string | null };

/** The fragment an open chat adds to the address on a phone, so that the phone's Back returns to the list. */
export const OPEN_CHAT_HASH = "#chat";
const isWideScreen = () => window.matchMedia("(min-width: 768px)").matches;

type Props = {
  me: string;
  userId: string;
  chats: ChatListItem[];
  chatsCursor: string | null;
  selectedChatId: string | null;
  initialMessages: ChatMessage[];
  initialOlderCursor: string | null;
  /** `?chat=` named a dealer with no chat yet: the page starts it (a GET loader never writes). */
  startWith: ChatPeer | null;
  /** The AI Copilot is a Premium feature; others see what it would add. */
  premium: boolean;
  /** A call to start or join in the chat `?chat=` opened. */
  callIntent?: CallIntent;
  /** Admins also get the Clear All Data button. */
  admin?: boolean;
};

/** /messages: conversation list with search and unread badges, the live message pane, and the AI Copilot. */
export function MessagesScreen({
  me,
  userId,
  chats: initialChats,
  chatsCursor: initialChatsCursor,
  selectedChatId,
  initialMessages,
  initialOlderCursor,
  startWith,
  premium,
  callIntent = null,
  admin = false,
}: Props) {
  const [chats, setChats] = useState(initialChats);
  const [chatsCursor, setChatsCursor] = useState(initialChatsCursor);
  const [loadingOlderChats, setLoadingOlderChats] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(
    selectedChatId
      ? { chatId: selectedChatId, messages: initialMessages, olderCursor: initialOlderCursor }
      : null,
  );
  const [loadingChat, setLoadingChat] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [activity, setActivity] = useState<LocalMessage[]>([]);
  const tools = useChatToolsPanel(me);

  useEffect(() => {
    setChats(initialChats);
    setChatsCursor(initialChatsCursor);
  }, [initialChats, initialChatsCursor]);
  useEffect(() => {
    if (selectedChatId)
      setSelected({ chatId: selectedChatId, messages: initialMessages, olderCursor: initialOlderCursor });
  }, [selectedChatId, initialMessages, initialOlderCursor]);
  // `?chat={dealerId}` has opened its chat; take the query off the address.
  useEffect(() => {
    if (window.location.search.includes("chat="))
      window.history.replaceState(window.history.state, "", "/messages");
  }, [selectedChatId, startWith]);

  // On a phone an open chat is a step of its own in the history: Back (the phone's or the header's) shows
  // the list again, as in a messenger app. Wider screens show both side by side and add no step.
  const navigate = useNavigate();
  const { hash } = useLocation();
  const chatOpen = selected !== null;
  useEffect(() => {
    if (chatOpen && !isWideScreen() && window.location.hash !== OPEN_CHAT_HASH)
      navigate({ pathname: "/messages", search: "", hash: OPEN_CHAT_HASH }, { preventScrollReset: true });
    if (!chatOpen && window.location.hash === OPEN_CHAT_HASH)
      navigate({ pathname: "/messages", search: "", hash: "" }, { replace: true, preventScrollReset: true });
  }, [chatOpen, navigate]);
  const hadChatHash = useRef(hash === OPEN_CHAT_HASH);
  useEffect(() => {
    const has = hash === OPEN_CHAT_HASH;
    if (hadChatHash.current && !has) setSelected(null);
    hadChatHash.current = has;
  }, [hash]);
  const back = () => {
    if (window.location.hash === OPEN_CHAT_HASH) navigate(-1);
    else setSelected(null);
  };

  const refreshChats = useCallback(() => {
    pageOf(api.GET("/api/chats"))
      .then((page) => {
        setChats(page.items);
        setChatsCursor(page.nextCursor);
      })
      .catch(() => undefined);
  }, []);

  async function showOlderChats() {
    if (!chatsCursor) return;
    setLoadingOlderChats(true);
    try {
      const page = await pageOf(api.GET("/api/chats", { params: { query: { cursor: chatsCursor } } }));
      setChats((list) => [...list, ...page.items.filter((c) => !list.some((held) => held.id === c.id))]);
      setChatsCursor(page.nextCursor);
    } catch {
      toastError("Failed to load more conversations");
    } finally {
      setLoadingOlderChats(false);
    }
  }

  useInboxFrames((frame) => {
    if (frame.type === "unread") return refreshChats();
    if (frame.type !== "chat-message") return;
    const { message } = frame;
    setChats((list) => {
      const chat = list.find((c) => c.id === message.chatId);
      if (!chat) {
        refreshChats();
        return list;
      }
      const isOpen = selected?.chatId === message.chatId;
      const updated = {
        ...chat,
        lastMessage: message,
        lastMessageAt: message.createdAt,
        unreadCount: message.receiverId === me && !isOpen ? chat.unreadCount + 1 : chat.unreadCount,
      };
      return [updated, ...list.filter((c) => c.id !== chat.id)];
    });
  });

  async function select(chatId: string) {
    if (selected?.chatId === chatId) return;
    setLoadingChat(chatId);
    try {
      const page = await messagesPage(chatId);
      setSelected({ chatId, messages: page.items, olderCursor: page.nextCursor });
      setChats((list) => list.map((c) => (c.id === chatId ? { ...c, unreadCount: 0 } : c)));
    } catch {
      toastError("Failed to open this conversation");
    } finally {
      setLoadingChat(null);
    }
  }

  async function openChatWith(peer: ChatPeer) {
    try {
      const { data, response } = await api.POST("/api/chats", { body: { participantId: peer.id } });
      const chat = data!; // a failure has thrown ApiError
      setChats((list) =>
        list.some((c) => c.id === chat.id)
          ? list
          : [
              {
                id: chat.id,
                otherParticipant: peer,
                lastMessage: chat.messages.at(-1) ?? null,
                unreadCount: 0,
                lastMessageAt: null,
              },
              ...list,
            ],
      );
      // A chat that existed may hold more than its latest page: open it through the paged list.
      if (response.status === 201)
        setSelected({ chatId: chat.id, messages: chat.messages, olderCursor: null });
      else await select(chat.id);
    } catch {
      toastError("Failed to start chat");
    }
  }

  // Once per dealer named by ?chat= with no chat yet: start it.
  const openChat = useRef(openChatWith);
  openChat.current = openChatWith;
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!startWith || started.current === startWith.id) return;
    started.current = startWith.id;
    void openChat.current(startWith);
  }, [startWith]);

  // A call intent belongs to the chat ?chat= opened (or is starting); choosing another chat drops it.
  const [intent, setIntent] = useState({ chatId: selectedChatId ?? "starting", intent: callIntent });
  useEffect(
    () => setIntent({ chatId: selectedChatId ?? "starting", intent: callIntent }),
    [selectedChatId, callIntent],
  );
  const selectedId = selected?.chatId ?? null;
  // The sheet belongs to the chat it was opened from: another chat, or Back to the list, closes it.
  const { setSheetOpen } = tools;
  useEffect(() => setSheetOpen(false), [selectedId, setSheetOpen]);
  useEffect(() => {
    if (!selectedId) return;
    setIntent((was) =>
      was.chatId === selectedId
        ? was
        : was.chatId === "starting"
          ? { ...was, chatId: selectedId }
          : { chatId: "", intent: null },
    );
  }, [selectedId]);

  const q = query.trim().toLowerCase();
  const visible = chats.filter(
    (c) =>
      !q ||
      c.otherParticipant.name.toLowerCase().includes(q) ||
      c.otherParticipant.dealershipName.toLowerCase().includes(q),
  );
  const current = selected ? chats.find((c) => c.id === selected.chatId) : undefined;
  const starting = !selected ? startWith : null;

  // Proposing a deal is no AI feature: every plan has it, beside the Copilot or beside its upsell.
  const dealTools = (
    <>
      {/* Closed until the page knows the panel's place: a phone's hidden column then loads nothing. */}
      <ChatDealTools
        open={tools.docks !== null}
        peer={current?.otherParticipant ?? null}
        me={me}
        messages={selected ? activity : []}
      />
      {admin ? <ClearDataButton /> : null}
    </>
  );
  const toolsToggle = <ChatToolsToggle panel={tools} />;
  return (
    <div className="-my-4 flex h-[calc(100dvh-8rem)] overflow-hidden bg-white md:my-0 md:h-[calc(100dvh-10rem)] md:rounded-xl md:border md:border-slate-200 lg:h-[calc(100dvh-6rem)] dark:bg-slate-900 md:dark:border-slate-800">
      <nav
        aria-label="Conversations"
        className={`min-h-0 w-full min-w-0 flex-col border-slate-200 md:flex md:w-72 md:shrink-0 md:border-r xl:w-80 dark:border-slate-800 ${current || starting ? "hidden" : "flex"}`}
      >
        <div className="flex flex-col gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
          <div className="flex items-center justify-between gap-2">
            <h1 className="text-lg font-bold">Messages</h1>
            <AddChatButton userId={userId} onOpenChat={openChatWith} />
          </div>
          <div className="relative">
            <Search
              size={14}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
            />
            <label htmlFor="chat-search" className="sr-only">
              Search conversations
            </label>
            <input
              id="chat-search"
              type="search"
              className={`${inputClass} pl-8`}
              placeholder="Search conversations…"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
        </div>
        <ul className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="chat-list">
          {visible.length === 0 ? (
            <li className="p-4 text-sm text-muted">
              {chats.length === 0 ? "No conversations yet." : "No conversation matches that search."}
            </li>
          ) : null}
          {visible.map((chat) => (
            <li key={chat.id}>
              <a
                href={`/messages?chat=${chat.otherParticipant.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  void select(chat.id);
                }}
                aria-current={selected?.chatId === chat.id ? "true" : undefined}
                className={`flex min-h-16 items-center gap-3 border-b border-slate-100 px-3 py-2.5 hover:bg-slate-100 dark:border-slate-800 dark:hover:bg-slate-800 ${
                  selected?.chatId === chat.id ? "bg-brand-600/10" : ""
                }`}
              >
                <Avatar name={chat.otherParticipant.name} src={chat.otherParticipant.avatar} size={44} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span
                      className={`truncate text-sm ${chat.unreadCount > 0 ? "font-semibold" : "font-medium"}`}
                    >
                      {chat.otherParticipant.name}
                    </span>
                    {chat.lastMessageAt ? (
                      <RelativeTime
                        at={chat.lastMessageAt}
                        className={`shrink-0 text-xs ${chat.unreadCount > 0 ? "font-semibold text-brand-700 dark:text-brand-400" : "text-muted"}`}
                      />
                    ) : null}
                  </span>
                  <span className="mt-0.5 flex items-center justify-between gap-2">
                    <span
                      className={`block truncate text-sm ${chat.unreadCount > 0 ? "text-slate-900 dark:text-slate-100" : "text-muted"}`}
                    >
                      {loadingChat === chat.id
                        ? "Opening…"
                        : chat.lastMessage
                          ? messagePreview(chat.lastMessage)
                          : chat.otherParticipant.dealershipName}
                    </span>
                    {chat.unreadCount > 0 ? (
                      <span
                        className="min-w-5 shrink-0 rounded-full bg-red-600 px-1.5 text-center text-xs font-semibold text-white"
                        data-testid="chat-unread"
                        aria-label={`${chat.unreadCount} unread`}
                      >
                        {chat.unreadCount}
                      </span>
                    ) : null}
                  </span>
                </span>
              </a>
            </li>
          ))}
          {chatsCursor && !q ? (
            <li className="p-3">
              <Button
                variant="ghost"
                className="w-full"
                onClick={() => void showOlderChats()}
                disabled={loadingOlderChats}
              >
                {loadingOlderChats ? "Loading…" : "Show older conversations"}
              </Button>
            </li>
          ) : null}
        </ul>
      </nav>

      {/* On a phone an open chat takes the whole screen, as a messenger app does; Back returns to the list.
          A chat still being started (before JavaScript) stays inside the page, under the site's header. */}
      <div
        className={`@container min-h-0 min-w-0 flex-1 flex-col bg-white md:static md:z-auto md:flex md:pt-0 md:pb-0 dark:bg-slate-900 ${
          current
            ? "fixed inset-0 z-40 flex pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]"
            : starting
              ? "flex"
              : "hidden"
        }`}
        data-testid="conversation-pane"
      >
        {selected && current ? (
          <Conversation
            key={selected.chatId}
            chatId={selected.chatId}
            me={me}
            peer={current.otherParticipant}
            initial={selected.messages}
            olderCursor={selected.olderCursor}
            onBack={back}
            onActivity={setActivity}
            callIntent={intent.chatId === selected.chatId ? intent.intent : null}
            tools={toolsToggle}
          />
        ) : starting ? (
          <StartingConversation peer={starting} />
        ) : (
          <div className="m-auto flex flex-col items-center gap-3 p-6 text-center text-sm text-muted">
            <p>Choose a conversation, or start one with Add Chat.</p>
            {tools.open ? null : toolsToggle}
          </div>
        )}
      </div>

      <ChatToolsPanel panel={tools}>
        {premium ? (
          <CopilotPanel messages={selected ? activity : []}>{dealTools}</CopilotPanel>
        ) : (
          <CopilotUpsell>{dealTools}</CopilotUpsell>
        )}
      </ChatToolsPanel>
    </div>
  );
}

/**
 * `?chat=` named a dealer with no chat yet: the page is starting it. Before JavaScript loads, the form
 * sends the first message through the page's action, which starts the chat.
 */
function StartingConversation({ peer }: { peer: ChatPeer }) {
  return (
    <section aria-label={`Conversation with ${peer.name}`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
        <Avatar name={peer.name} src={peer.avatar} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{peer.name}</h2>
          <p className="truncate text-xs text-muted">{peer.dealershipName}</p>
        </div>
      </header>
      <p className="m-auto p-6 text-center text-sm text-muted">No messages yet. Say hello to {peer.name}.</p>
      <form
        method="post"
        action="/messages"
        className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800"
      >
        <input type="hidden" name="receiverId" value={peer.id} />
        <label htmlFor="first-message" className="sr-only">
          Message {peer.name}
        </label>
        <textarea
          id="first-message"
          name="content"
          rows={2}
          required
          maxLength={4000}
          placeholder="Type a message…"
          className="min-h-11 flex-1 resize-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <Button type="submit" className="shrink-0 whitespace-nowrap">
          Send
        </Button>
      </form>
    </section>
  );
}
