import { useCallback, useEffect, useRef, useState } from "react";
import { answerOf, api, failureText, pageOf } from "#lib/api-client";
import type { ChatAttachment } from "#lib/chat-files";
import type { ChatClientFrame, ChatMessage, ChatServerFrame } from "#lib/realtime";
import { chatFrameOf } from "#lib/realtime-frames";
import { toastError } from "#lib/toast";
import { CHAT_POLL_MS, openLiveSocket } from "./live-socket";

export type LocalMessage = ChatMessage & { status: "sent" | "sending" | "failed" };
/** Call frames of the room, and errors that answer no message (a refused call-start). */
export type CallFrame = Extract<ChatServerFrame, { type: "call" | "call-signal" | "error" }>;

/** How long a send waits for its echo on the socket before trying the same message over REST. */
const SOCKET_ACK_MS = 6000;
const TYPING_SHOWN_MS = 6000;

/** Adds or replaces by server id, or by clientId for one's own pending copy; keeps time order. */
function merge(list: LocalMessage[], incoming: ChatMessage): LocalMessage[] {
  const index = list.findIndex(
    (m) => m.id === incoming.id || (m.clientId === incoming.clientId && m.senderId === incoming.senderId),
  );
  const next =
    index >= 0
      ? list.map((m, i) => (i === index ? { ...incoming, status: "sent" as const } : m))
      : [...list, { ...incoming, status: "sent" as const }];
  return next.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

type MessagesQuery = { after?: string; cursor?: string };

/** A page of a chat's messages: the latest, those after a message, or the page a cursor points to. */
export const messagesPage = (chatId: string, query: MessagesQuery = {}) =>
  pageOf(api.GET("/api/chats/{id}/messages", { params: { path: { id: chatId }, query } }));

/** A catch-up reads at most this many pages at once; the next poll or reconnect reads on. */
const CATCH_UP_PAGES = 5;

/**
 * One open conversation: the ChatRoom socket (live messages, typing, read receipts), optimistic sends
 * with a clientId so a retry never duplicates, a REST fallback, and catch-up from D1 after a reconnect.
 */
export function useConversation({
  chatId,
  me,
  otherId,
  initial,
  olderCursor: initialOlderCursor,
  onCallFrame,
}: {
  chatId: string;
  me: string;
  otherId: string;
  initial: ChatMessage[];
  /** The cursor of the page before `initial` (null when `initial` starts the chat). */
  olderCursor: string | null;
  /** Call frames of this room, for the call screen. */
  onCallFrame?: (frame: CallFrame) => void;
}) {
  const callListener = useRef(onCallFrame);
  callListener.current = onCallFrame;
  const [messages, setMessages] = useState<LocalMessage[]>(() =>
    initial.map((m) => ({ ...m, status: "sent" })),
  );
  const [otherTyping, setOtherTyping] = useState(false);
  const [live, setLive] = useState(false);
  const [olderCursor, setOlderCursor] = useState(initialOlderCursor);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const socketRef = useRef<ReturnType<typeof openLiveSocket> | null>(null);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const lastTypingSent = useRef(0);
  const typingStop = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingHide = useRef<ReturnType<typeof setTimeout>>(undefined);

  const receive = useCallback((message: ChatMessage) => {
    const timer = ackTimers.current.get(message.clientId);
    if (timer) {
      clearTimeout(timer);
      ackTimers.current.delete(message.clientId);
    }
    setMessages((list) => merge(list, message));
  }, []);

  const markFailed = useCallback((clientId: string) => {
    setMessages((list) =>
      list.map((m) => (m.clientId === clientId && m.status === "sending" ? { ...m, status: "failed" } : m)),
    );
    toastError("Failed to send message");
  }, []);

  const markRead = useCallback(() => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "read" }));
    else
      answerOf(api.POST("/api/chats/{id}/read", { params: { path: { id: chatId } } })).catch(() => undefined);
  }, [chatId]);

  /** Everything stored after the newest message we hold: after a reconnect, or each poll while offline. */
  const catchUp = useCallback(async () => {
    const newest = messagesRef.current.filter((m) => m.status === "sent").at(-1);
    try {
      const missed: ChatMessage[] = [];
      let query: MessagesQuery | null = newest ? { after: newest.id } : {};
      for (let pages = 0; query && pages < CATCH_UP_PAGES; pages++) {
        const page = await messagesPage(chatId, query);
        missed.push(...page.items);
        // Without a held message the answer is the latest page, whose cursor points back in time.
        query = newest && page.nextCursor ? { cursor: page.nextCursor } : null;
      }
      if (missed.length) {
        setMessages((list) => missed.reduce(merge, list));
        if (missed.some((m) => m.senderId !== me)) markRead();
      }
    } catch {
      // still offline; the next attempt will get it
    }
  }, [chatId, me, markRead]);

  useEffect(() => {
    const socket = openLiveSocket("chat-room", chatId);
    socketRef.current = socket;
    let opened = false;
    let poll: ReturnType<typeof setInterval> | undefined;
    const onOpen = () => {
      setLive(true);
      clearInterval(poll);
      poll = undefined;
      if (opened) void catchUp();
      opened = true;
      markRead();
    };
    const onClose = () => {
      setLive(false);
      poll ??= setInterval(() => void catchUp(), CHAT_POLL_MS);
    };
    const onMessage = (event: MessageEvent) => {
      const frame = chatFrameOf(event.data);
      if (frame) handleFrame(frame);
    };
    function handleFrame(frame: ChatServerFrame) {
      if (frame.type === "message") {
        receive(frame.message);
        if (frame.message.senderId !== me) {
          setOtherTyping(false);
          if (document.visibilityState === "visible") markRead();
        }
      } else if (frame.type === "typing" && frame.dealerId !== me) {
        setOtherTyping(frame.isTyping);
        clearTimeout(typingHide.current);
        if (frame.isTyping) typingHide.current = setTimeout(() => setOtherTyping(false), TYPING_SHOWN_MS);
      } else if (frame.type === "read" && frame.dealerId !== me) {
        setMessages((list) =>
          list.map((m) =>
            m.senderId === me && Date.parse(m.createdAt) <= Date.parse(frame.readAt)
              ? { ...m, isRead: true }
              : m,
          ),
        );
      } else if (frame.type === "message-deleted") {
        setMessages((list) => list.filter((m) => m.id !== frame.messageId));
      } else if (frame.type === "call" || frame.type === "call-signal") {
        callListener.current?.(frame);
      } else if (frame.type === "error" && frame.clientId) {
        markFailed(frame.clientId);
      } else if (frame.type === "error") {
        callListener.current?.(frame);
      }
    }
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    socket.addEventListener("message", onMessage);
    const timers = ackTimers.current;
    return () => {
      clearInterval(poll);
      timers.forEach(clearTimeout);
      timers.clear();
      socket.close();
      socketRef.current = null;
    };
  }, [chatId, me, receive, markFailed, markRead, catchUp]);

  const sendOverRest = useCallback(
    async (message: LocalMessage) => {
      try {
        const stored = await answerOf(
          api.POST("/api/messages", {
            body: {
              receiverId: otherId,
              content: message.content,
              clientId: message.clientId,
              isRead: false,
              attachments: message.attachments.length ? message.attachments : undefined,
            },
          }),
        );
        receive(stored);
      } catch {
        markFailed(message.clientId);
      }
    },
    [otherId, receive, markFailed],
  );

  const attempt = useCallback(
    (message: LocalMessage) => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) {
        socket.send(
          JSON.stringify({
            type: "send",
            clientId: message.clientId,
            content: message.content,
            attachments: message.attachments.length ? message.attachments : undefined,
          }),
        );
        ackTimers.current.set(
          message.clientId,
          setTimeout(() => {
            ackTimers.current.delete(message.clientId);
            void sendOverRest(message);
          }, SOCKET_ACK_MS),
        );
      } else {
        void sendOverRest(message);
      }
    },
    [sendOverRest],
  );

  const send = useCallback(
    (content: string, attachments: ChatAttachment[] = []) => {
      const text = content.trim();
      if (!text && attachments.length === 0) return;
      const clientId = crypto.randomUUID();
      const pending: LocalMessage = {
        id: `local-${clientId}`,
        clientId,
        chatId,
        senderId: me,
        receiverId: otherId,
        content: text,
        createdAt: new Date().toISOString(),
        isRead: false,
        context: null,
        attachments,
        call: null,
        status: "sending",
      };
      setMessages((list) => [...list, pending]);
      attempt(pending);
      lastTypingSent.current = 0;
      socketRef.current?.send(JSON.stringify({ type: "typing", isTyping: false }));
    },
    [chatId, me, otherId, attempt],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = messagesRef.current.find((m) => m.clientId === clientId);
      if (!message) return;
      setMessages((list) => list.map((m) => (m.clientId === clientId ? { ...m, status: "sending" } : m)));
      attempt({ ...message, status: "sending" });
    },
    [attempt],
  );

  /** Tells the other side we are typing, at most every 2 s, and that we stopped after 3 s of quiet. */
  const typing = useCallback(() => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastTypingSent.current > 2000) {
      socket.send(JSON.stringify({ type: "typing", isTyping: true }));
      lastTypingSent.current = Date.now();
    }
    clearTimeout(typingStop.current);
    typingStop.current = setTimeout(() => {
      socket.send(JSON.stringify({ type: "typing", isTyping: false }));
      lastTypingSent.current = 0;
    }, 3000);
  }, []);

  /** The page before the oldest message shown (scrolling up). */
  const loadOlder = useCallback(async () => {
    if (!olderCursor) return;
    setLoadingOlder(true);
    try {
      const page = await messagesPage(chatId, { cursor: olderCursor });
      setMessages((list) => page.items.reduce(merge, list));
      setOlderCursor(page.nextCursor);
    } catch {
      toastError("Failed to load earlier messages");
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, olderCursor]);

  /** Takes back one's own message (within 15 minutes; the server says so otherwise). */
  const remove = useCallback(async (id: string) => {
    try {
      await answerOf(api.DELETE("/api/messages/{id}", { params: { path: { id } } }));
      setMessages((list) => list.filter((m) => m.id !== id));
    } catch (error) {
      toastError(failureText(error, "Failed to delete message"));
    }
  }, []);

  /** A call frame on this room's socket; false while the socket is down. */
  const sendFrame = useCallback((frame: ChatClientFrame) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  return {
    messages,
    remove,
    sendFrame,
    otherTyping,
    live,
    send,
    retry,
    typing,
    hasOlder: olderCursor !== null,
    loadingOlder,
    loadOlder,
  };
}
