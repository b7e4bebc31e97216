import { describe, expect, it } from "vitest";
import {
  completionRateOf,
  median,
  medianReplyMinutesOf,
  medianTitleDaysOf,
  offerStepsOf,
  offersAnsweredInTimeOf,
  ratingOf,
} from "./figures";

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("reputation figures", () => {
  it("take medians of odd and even samples", () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("are null below their minimum samples", () => {
    expect(ratingOf([])).toBeNull();
    expect(ratingOf([4.75])).toBe(4.8);
    expect(completionRateOf(2, 2)).toBeNull();
    expect(completionRateOf(2, 3)).toBe(0.667);
    expect(medianReplyMinutesOf([{ askedAt: 0, repliedAt: 5 * MIN }])).toBeNull();
    expect(medianTitleDaysOf([{ completedAt: 0, receivedAt: DAY }])).toBeNull();
  });

  it("count reply times only for chats answered", () => {
    const chats = [10, 20, 30, null].map((m) => ({ askedAt: 0, repliedAt: m === null ? null : m * MIN }));
    expect(medianReplyMinutesOf(chats)).toBe(20);
  });

  it("count the offer steps put to the dealer: in time, late, and the clock running out on their turn", () => {
    const offers = [
      {
        side: "seller" as const,
        clockHours: 24,
        history: [
          { by: "buyer" as const, action: "offered" as const, at: 0 },
          { by: "seller" as const, action: "countered" as const, at: 2 * HOUR },
          { by: "buyer" as const, action: "countered" as const, at: 3 * HOUR },
          { by: "seller" as const, action: "accepted" as const, at: 30 * HOUR },
        ],
      },
      {
        side: "seller" as const,
        clockHours: 1,
        history: [
          { by: "buyer" as const, action: "offered" as const, at: 0 },
          { by: "seller" as const, action: "expired" as const, at: HOUR },
        ],
      },
      // The dealer's own offer, still waiting on the other side: nothing put to them.
      {
        side: "buyer" as const,
        clockHours: 24,
        history: [{ by: "buyer" as const, action: "offered" as const, at: 0 }],
      },
    ];
    expect(offerStepsOf(offers)).toEqual({ asked: 3, inTime: 1 });
    expect(offersAnsweredInTimeOf(offers)).toBe(0.333);
  });

  it("measure title days from completion, never below zero", () => {
    const titles = [2, 4, 9].map((d) => ({ completedAt: DAY, receivedAt: DAY + d * DAY }));
    expect(medianTitleDaysOf(titles)).toBe(4);
    expect(medianTitleDaysOf([...titles, { completedAt: DAY, receivedAt: 0 }])).toBe(3);
  });
});
