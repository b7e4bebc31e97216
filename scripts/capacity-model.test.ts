import { NOTIFICATION_KEEP_DAYS, SENT_MESSAGE_KEEP_DAYS } from "#lib/retention";
import { describe, expect, it } from "vitest";
import {
  AFTER_CHAT_MOVE,
  FIXED_BYTES_PER_DEALER,
  PROFILES,
  STREAMS,
  daysUntilFull,
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

  it("takes each period from the retention the cron applies", () => {
    const kept = (table: string) => STREAMS.find((s) => s.table === table)?.keptDays;
    expect(kept("notifications")).toBe(NOTIFICATION_KEEP_DAYS);
    expect(kept("outbox (e-mails)")).toBe(SENT_MESSAGE_KEEP_DAYS);
    expect(kept("messages")).toBeNull();
  });

  it("takes only the chat history out of D1 when it moves into each ChatRoom", () => {
    expect(STREAMS.filter((s) => !AFTER_CHAT_MOVE.includes(s)).map((s) => s.table)).toEqual(["messages"]);
  });
});
