import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECONNECT, ReconnectingSocket, reconnectDelay } from "./reconnecting-socket";

/** A socket the test opens and drops by hand. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.(new Event("close"));
  }
  accept() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }
}

const open = (url: string) => new FakeSocket(url) as unknown as WebSocket;

describe("ReconnectingSocket", () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("sends what was queued while down once open, and passes messages on", () => {
    const socket = new ReconnectingSocket("ws://x/parties/dealer-inbox/d1", open);
    const got: unknown[] = [];
    socket.addEventListener("message", (event) => void got.push(event.data));
    socket.send("early");
    const [first] = FakeSocket.made;
    expect(first.sent).toEqual([]);
    first.accept();
    expect(first.sent).toEqual(["early"]);
    first.onmessage?.(new MessageEvent("message", { data: "hello" }));
    expect(got).toEqual(["hello"]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });

  it("reconnects after a drop, backing off, and reports each close and open", () => {
    const socket = new ReconnectingSocket("ws://x/parties/chat-room/c1", open);
    const events: string[] = [];
    socket.addEventListener("open", () => void events.push("open"));
    socket.addEventListener("close", () => void events.push("close"));
    FakeSocket.made[0].accept();
    FakeSocket.made[0].close();
    expect(events).toEqual(["open", "close"]);
    vi.advanceTimersByTime(RECONNECT.firstDelayMs);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1].accept();
    expect(events).toEqual(["open", "close", "open"]);
  });

  it("gives up on a connection that does not open in time and tries again", () => {
    new ReconnectingSocket("ws://x/parties/chat-room/c1", open);
    vi.advanceTimersByTime(RECONNECT.openTimeoutMs);
    expect(FakeSocket.made[0].readyState).toBe(WebSocket.CLOSED);
    vi.advanceTimersByTime(RECONNECT.firstDelayMs);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("stays closed once its owner closes it, without a close event", () => {
    const socket = new ReconnectingSocket("ws://x/parties/chat-room/c1", open);
    const events: string[] = [];
    socket.addEventListener("close", () => void events.push("close"));
    FakeSocket.made[0].accept();
    socket.close();
    vi.advanceTimersByTime(RECONNECT.maxDelayMs * 2);
    expect(events).toEqual([]);
    expect(FakeSocket.made).toHaveLength(1);
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });

  it("waits longer after each failed try, never beyond the cap", () => {
    expect(reconnectDelay(0, 0)).toBe(RECONNECT.firstDelayMs);
    expect(reconnectDelay(1, 0)).toBeGreaterThan(reconnectDelay(0, 0));
    expect(reconnectDelay(50, 0)).toBe(RECONNECT.maxDelayMs);
    expect(reconnectDelay(50, 1)).toBe(RECONNECT.maxDelayMs * 0.75);
  });
});
