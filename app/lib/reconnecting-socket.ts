/** How a dropped socket comes back: the first retry after about half a second, then 1.3× longer each time, at most 10 s. */
export const RECONNECT = {
  firstDelayMs: 500,
  growth: 1.3,
  maxDelayMs: 10_000,
  /** A socket not open after this long (a lot's weak signal) is dropped and tried again. */
  openTimeoutMs: 4_000,
  /** Frames sent while down wait for the next open, up to this many (then the newest are dropped). */
  maxQueued: 50,
} as const;

type SocketLike = Pick<
  WebSocket,
  "readyState" | "send" | "close" | "onopen" | "onclose" | "onmessage" | "onerror"
>;
type Listeners = {
  open: (event: Event) => void;
  close: (event: Event) => void;
  message: (event: MessageEvent) => void;
};

/**
 * A WebSocket that reconnects by itself with backoff, with the browser's own events: "open", "message" and "close"
 * for every connection it makes. A frame sent while it is down waits for the next open. `close()` ends it for
 * good, without a "close" event (the owner asked for it). Written here rather than taken from a library: this
 * is all the live inbox and chat rooms use, and every signed-in page loads it.
 */
export class ReconnectingSocket {
  #events = new EventTarget();
  #socket: SocketLike | null = null;
  #retries = 0;
  #ended = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #queue: string[] = [];

  constructor(
    readonly url: string,
    private readonly open: (url: string) => SocketLike = (u) => new WebSocket(u),
  ) {
    this.#connect();
  }

  addEventListener<K extends keyof Listeners>(type: K, listener: Listeners[K]) {
    this.#events.addEventListener(type, listener as EventListener);
  }

  removeEventListener<K extends keyof Listeners>(type: K, listener: Listeners[K]) {
    this.#events.removeEventListener(type, listener as EventListener);
  }

  get readyState(): number {
    if (this.#ended) return WebSocket.CLOSED;
    return this.#socket?.readyState ?? WebSocket.CONNECTING;
  }

  send(data: string) {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(data);
    else if (!this.#ended && this.#queue.length < RECONNECT.maxQueued) this.#queue.push(data);
  }

  close() {
    this.#ended = true;
    clearTimeout(this.#timer);
    this.#queue = [];
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
      socket.close();
    }
  }

  #connect() {
    const socket = this.open(this.url);
    this.#socket = socket;
    this.#timer = setTimeout(() => socket.close(), RECONNECT.openTimeoutMs);
    socket.onopen = () => {
      clearTimeout(this.#timer);
      this.#retries = 0;
      for (const data of this.#queue.splice(0)) socket.send(data);
      this.#events.dispatchEvent(new Event("open"));
    };
    socket.onmessage = (event) =>
      this.#events.dispatchEvent(new MessageEvent("message", { data: event.data }));
    // An error is always followed by "close", where the retry is planned.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      clearTimeout(this.#timer);
      if (this.#socket !== socket || this.#ended) return;
      this.#events.dispatchEvent(new Event("close"));
      this.#timer = setTimeout(() => this.#connect(), reconnectDelay(this.#retries++));
    };
  }
}

/** The wait before retry `n` (0 first), with up to a quarter off at random so many phones do not return at once. */
export function reconnectDelay(n: number, random = Math.random()): number {
  const full = Math.min(RECONNECT.maxDelayMs, RECONNECT.firstDelayMs * RECONNECT.growth ** n);
  return Math.round(full * (1 - random / 4));
}
