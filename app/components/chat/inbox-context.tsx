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
import { apiFetch } from "~/lib/api-client";
import { inboxFrameSchema, parseFrame, type InboxFrame } from "~/lib/realtime";
import { CHAT_POLL_MS, openLiveSocket } from "./live-socket";

type Listener = (frame: InboxFrame) => void;
type Inbox = { unreadTotal: number; connected: boolean; subscribe(listener: Listener): () => void };

const InboxContext = createContext<Inbox>({ unreadTotal: 0, connected: false, subscribe: () => () => {} });

/**
 * The dealer's live inbox for every signed-in screen: one socket to DealerInbox/{dealerId}. It keeps the
 * unread count current and hands every frame to screens that subscribe (messages, feed). While the socket
 * is down it polls the unread count instead, and stops as soon as the socket is back.
 */
export function InboxProvider({
  dealerId,
  initialUnread,
  children,
}: {
  dealerId: string;
  initialUnread: number;
  children: ReactNode;
}) {
  const [unreadTotal, setUnreadTotal] = useState(initialUnread);
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<Listener>());

  useEffect(() => setUnreadTotal(initialUnread), [initialUnread]);

  useEffect(() => {
    const socket = openLiveSocket("dealer-inbox", dealerId);
    let poll: ReturnType<typeof setInterval> | undefined;
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    const startPolling = () => {
      if (poll) return;
      poll = setInterval(async () => {
        try {
          const { unreadTotal: total } = await apiFetch<{ unreadTotal: number }>("/api/chats/unread");
          setUnreadTotal(total);
          listeners.current.forEach((l) => l({ type: "unread", unreadTotal: total }));
        } catch {
          // offline: try again next tick
        }
      }, CHAT_POLL_MS);
    };
    const onMessage = (event: MessageEvent) => {
      const frame = parseFrame(inboxFrameSchema, event.data);
      if (!frame) return;
      if (frame.type !== "new-post") setUnreadTotal(frame.unreadTotal);
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
  const value = useMemo(() => ({ unreadTotal, connected, subscribe }), [unreadTotal, connected, subscribe]);
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
