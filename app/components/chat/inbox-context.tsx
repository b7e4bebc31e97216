import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { answerOf, api } from "#lib/api-client";
import type { InboxFrame } from "#lib/realtime";
import { inboxFrameOf } from "#lib/realtime-frames";
import { CHAT_POLL_MS, openLiveSocket } from "./live-socket";

type Listener = (frame: InboxFrame) => void;
type Inbox = {
  /** Unread chat messages (the Messages icon). */
  unreadTotal: number;
  /** Unread notifications (the bell). */
  unreadNotifications: number;
  setUnreadNotifications(count: number): void;
  connected: boolean;
  subscribe(listener: Listener): () => void;
};

const InboxContext = createContext<Inbox>({
  unreadTotal: 0,
  unreadNotifications: 0,
  setUnreadNotifications: () => {},
  connected: false,
  subscribe: () => () => {},
});

/**
 * The dealer's live inbox for every signed-in screen: one socket to DealerInbox/{dealerId}. It keeps the
 * unread counts (messages, the bell) current and hands every frame to screens that subscribe (messages,
 * feed, notifications, the deal-alert toast). A notification it already handed on is not handed on again
 * (a fan-out that restarted may push it twice). While the socket is down it polls instead, and stops as soon
 * as the socket is back.
 */
export function InboxProvider({
  dealerId,
  initialUnread,
  initialNotifications = 0,
  children,
}: {
  dealerId: string;
  initialUnread: number;
  initialNotifications?: number;
  children: ReactNode;
}) {
  const [unreadTotal, setUnreadTotal] = useState(initialUnread);
  const [unreadNotifications, setUnreadNotifications] = useState(initialNotifications);
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const seenNotifications = useRef(new Set<string>());

  useEffect(() => setUnreadTotal(initialUnread), [initialUnread]);
  useEffect(() => setUnreadNotifications(initialNotifications), [initialNotifications]);

  useEffect(() => {
    const socket = openLiveSocket("dealer-inbox", dealerId);
    let poll: ReturnType<typeof setInterval> | undefined;
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    const startPolling = () => {
      if (poll) return;
      let tick = 0;
      poll = setInterval(async () => {
        try {
          const { unreadTotal: total } = await answerOf(api.GET("/api/chats/unread"));
          setUnreadTotal(total);
          listeners.current.forEach((l) => l({ type: "unread", unreadTotal: total }));
          // The bell changes less often than chats: every fifth tick (10 s) is enough.
          if (tick++ % 5 === 0) {
            const { unreadCount } = await answerOf(api.GET("/api/notifications/unread-count"));
            setUnreadNotifications(unreadCount);
          }
        } catch {
          // offline: try again next tick
        }
      }, CHAT_POLL_MS);
    };
    const onMessage = (event: MessageEvent) => {
      const frame = inboxFrameOf(event.data);
      if (!frame) return;
      if (frame.type === "chat-message" || frame.type === "unread") setUnreadTotal(frame.unreadTotal);
      if (frame.type === "notifications-read" || frame.type === "notifications-unread")
        setUnreadNotifications(frame.unreadCount);
      if (frame.type === "notification") {
        setUnreadNotifications(frame.unreadCount);
        if (seenNotifications.current.has(frame.notification.id)) return;
        seenNotifications.current.add(frame.notification.id);
      }
      listeners.current.forEach((l) => l(frame));
    };
    const onOpen = () => {
      setConnected(true);
      stopPolling();
    };
    const onClose = () => {
      setConnected(false);
      startPolling();
    };
    socket.addEventListener("message", onMessage);
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    return () => {
      stopPolling();
      socket.close();
    };
  }, [dealerId]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo(
    () => ({ unreadTotal, unreadNotifications, setUnreadNotifications, connected, subscribe }),
    [unreadTotal, unreadNotifications, connected, subscribe],
  );
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}

export const useInbox = () => useContext(InboxContext);

/** Runs `handler` for every live inbox frame while the component is mounted. */
export function useInboxFrames(handler: Listener) {
  const { subscribe } = useInbox();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe((frame) => latest.current(frame)), [subscribe]);
}
