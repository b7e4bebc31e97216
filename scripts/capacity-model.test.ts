import { POST_LIFETIME_DAYS } from "#lib/constants";
import {
  LEFT_FEED_POST_KEEP_DAYS,
  NOTIFICATION_KEEP_DAYS,
  SENT_BODY_KEEP_DAYS,
  SENT_MESSAGE_KEEP_DAYS,
  SENT_PUSH_KEEP_DAYS,
} from "#lib/retention";
import { describe, expect, it } from "vitest";
import {
  AFTER_BELL_MOVE,
  AFTER_STATS_MOVE,
  AFTER_CHAT_MOVE,
  AFTER_DIET,
  AFTER_INBOX_MOVE,
  AFTER_OUTBOX_MOVE,
  BEFORE_DIET,
  CHAT_ROOMS,
  D1_MESSAGE_BYTES,
  DIET,
  FIXED_BYTES_PER_DEALER,
  INBOX_TABLES,
  LEVERS,
  MEASURED_ACTIVITY_BYTES_PER_ROW,
  PROFILES,
  STREAMS,
  daysUntilFull,
  messagesPerDay,
  roomBytesPerDealerYear,
  streamBytesPerDealer,
  steadyBytesPerDealer,
  type Stream,
} from "./capacity-model.ts";

const activity = PROFILES.typical;
const keptFor = (days: number | null, rowsPerDay: number, bytesPerRow: number): Stream => ({
  table: "t",
  rowsPerDay: () => rowsPerDay,
  bytesPerRow,
  keptDays: days,
  kept: "",
});

describe("the capacity model", () => {
  it("settles a table kept N days at R rows a day of B bytes at N·R·B", () => {
    const stream = keptFor(30, 4, 500);
    expect(steadyBytesPerDealer(stream, activity)).toBe(30 * 4 * 500);
    expect(streamBytesPerDealer(stream, activity, 10)).toBe(10 * 4 * 500);
    expect(streamBytesPerDealer(stream, activity, 400)).toBe(30 * 4 * 500);
  });

  it("lets a table kept for ever grow every day and never settle", () => {
    const stream = keptFor(null, 4, 500);
    expect(steadyBytesPerDealer(stream, activity)).toBe(0);
    expect(streamBytesPerDealer(stream, activity, 365)).toBe(365 * 4 * 500);
  });

  it("fills the limit where the growing size crosses it, after the kept tables settle", () => {
    const dealers = 1000;
    const settled = keptFor(10, 1, 100);
    const growing = keptFor(null, 1, 10);
    const fixed = dealers * FIXED_BYTES_PER_DEALER;
    // Before day 10 the database grows by 110 B a dealer a day, then by 10.
    const early = fixed + dealers * 110 * 5;
    expect(daysUntilFull([settled, growing], activity, dealers, early)).toBeCloseTo(5);
    const late = fixed + dealers * (100 * 10 + 10 * 50);
    expect(daysUntilFull([settled, growing], activity, dealers, late)).toBeCloseTo(50);
    expect(daysUntilFull([settled], activity, dealers, late)).toBeNull();
  });

  it("weighs a row that shrinks at its full size for its first days and its slim size after", () => {
    const stream = { ...keptFor(30, 2, 4000), slimAfterDays: 1, slimBytesPerRow: 300 };
    expect(steadyBytesPerDealer(stream, activity)).toBe(2 * (4000 + 29 * 300));
    expect(streamBytesPerDealer(stream, activity, 1)).toBe(2 * 4000);
    // The size bends where the rows shrink: the limit is found on the right stretch.
    const dealers = 10;
    const fixed = dealers * FIXED_BYTES_PER_DEALER;
    expect(daysUntilFull([stream], activity, dealers, fixed + dealers * 2 * 4000)).toBeCloseTo(1);
    expect(daysUntilFull([stream], activity, dealers, fixed + dealers * 2 * (4000 + 300 * 9))).toBeCloseTo(
      10,
    );
  });

  it("takes each period of the diet from the retention the cron applies", () => {
    const of = (table: string) => AFTER_DIET.find((s) => s.table === table);
    expect(of("notifications")?.keptDays).toBe(NOTIFICATION_KEEP_DAYS);
    expect(of("outbox (e-mails)")).toMatchObject({
      keptDays: SENT_MESSAGE_KEEP_DAYS,
      slimAfterDays: SENT_BODY_KEEP_DAYS,
    });
    expect(of("outbox (pushes)")?.keptDays).toBe(SENT_PUSH_KEEP_DAYS);
    expect(STREAMS.find((s) => s.table === "outbox (pushes)")?.keptDays).toBe(SENT_MESSAGE_KEEP_DAYS);
    expect(of("comments")?.keptDays).toBe(POST_LIFETIME_DAYS + LEFT_FEED_POST_KEEP_DAYS);
    expect(of("post_views")?.keptDays).toBe(POST_LIFETIME_DAYS);
    expect(of("dealer_day_figures")).toBeDefined();
    expect(STREAMS.find((s) => s.table === "messages")?.keptDays).toBeNull();
  });

  it("arrives at the diet's retention by applying every lever to the one before it", () => {
    const applied = LEVERS.reduce((r, { change }) => ({ ...r, ...change }), BEFORE_DIET);
    expect(applied).toEqual(DIET);
    expect(AFTER_DIET.some((s) => s.chatHistory)).toBe(false);
  });

  it("takes only the chat history out of D1 when it moves into each ChatRoom", () => {
    expect(STREAMS.filter((s) => !AFTER_CHAT_MOVE.includes(s)).map((s) => s.table)).toEqual(["messages"]);
  });

  it("weighs a message at its D1 row before the move and at the rooms' measured bytes after", () => {
    expect(STREAMS.find((s) => s.table === "messages")?.bytesPerRow).toBe(D1_MESSAGE_BYTES);
    expect(roomBytesPerDealerYear(activity)).toBe(
      messagesPerDay(activity) * 365 * CHAT_ROOMS.fileBytesPerMessage,
    );
    // What the rooms' files hold beyond the payload is pages and indexes, never less than the payload.
    expect(CHAT_ROOMS.fileBytesPerMessage).toBeGreaterThanOrEqual(CHAT_ROOMS.pageBytesPerMessage);
    expect(CHAT_ROOMS.pageBytesPerMessage).toBeGreaterThan(CHAT_ROOMS.payloadBytesPerMessage);
  });

  it("slims both kinds of outbox row to the measured delivered size once their text is dropped", () => {
    const of = (table: string) => AFTER_DIET.find((s) => s.table === table);
    for (const table of ["outbox (e-mails)", "outbox (pushes)"])
      expect(of(table)?.slimBytesPerRow).toBe(MEASURED_ACTIVITY_BYTES_PER_ROW.outboxDelivered);
  });

  it("takes only what one dealer reads out of D1 when it moves into each DealerInbox", () => {
    const moved = AFTER_DIET.filter((s) => !AFTER_INBOX_MOVE.includes(s)).map((s) => s.table);
    expect(moved.sort()).toEqual([...INBOX_TABLES].sort());
  });

  it("takes the outbox's streams, then the bell's, then My Stats', out of the main database, and nothing else", () => {
    const tables = (streams: readonly Stream[]) => streams.map((s) => s.table);
    expect(tables(AFTER_DIET.filter((s) => !AFTER_OUTBOX_MOVE.includes(s)))).toEqual([
      "outbox (e-mails)",
      "outbox (pushes)",
    ]);
    expect(tables(AFTER_OUTBOX_MOVE.filter((s) => !AFTER_BELL_MOVE.includes(s)))).toEqual(["notifications"]);
    expect(tables(AFTER_BELL_MOVE.filter((s) => !AFTER_STATS_MOVE.includes(s)))).toEqual([
      "post_views",
      "dealer_day_figures",
    ]);
  });
});
