import { describe, expect, it } from "vitest";
import { z } from "zod";
import { newTimeOrderedId } from "./ids";

describe("newTimeOrderedId", () => {
  it("is a version 7 UUID that starts with its time", () => {
    const id = newTimeOrderedId(Date.UTC(2026, 10, 28, 3, 0, 0, 123));
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 28, 3, 0, 0, 123));
  });

  it("sorts by time, so rows written later go to the end of their index", () => {
    const times = [0, 1, 255, 256, 65_535, Date.now(), Date.now() + 1, 2 ** 48 - 1];
    const ids = times.map((t) => newTimeOrderedId(t));
    expect(ids.toSorted()).toEqual(ids);
  });

  it("differs within a millisecond", () => {
    const ids = Array.from({ length: 1000 }, () => newTimeOrderedId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(1000);
  });
});
