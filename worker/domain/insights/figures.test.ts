import { describe, expect, it } from "vitest";
import {
  FIGURE_KEYS,
  HEADLINE_KEYS,
  changePercent,
  daysOf,
  median,
  periodFigures,
  repliesOf,
  statsView,
  type DealerActivity,
} from "./figures";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ago = (days: number, hours = 0) => NOW - days * DAY - hours * HOUR;

const empty: DealerActivity = {
  postViews: [],
  commentsReceived: [],
  connections: [],
  requestsAnswered: [],
  messages: [],
  deals: [],
  foldedDays: [],
};

/** A known dealer: what happened in the last 7 days, and in the 7 days before. */
const known: DealerActivity = {
  postViews: [ago(1), ago(2), ago(3), ago(6), ago(8), ago(9)],
  commentsReceived: [ago(1), ago(10), ago(11), ago(12)],
  connections: [ago(0, 2), ago(20)],
  requestsAnswered: [ago(4)],
  messages: [
    // Chat a: Bea writes twice, the dealer answers 2 h after her first message; she writes again, no answer.
    { chatId: "a", fromMe: false, at: ago(3, 6) },
    { chatId: "a", fromMe: false, at: ago(3, 5) },
    { chatId: "a", fromMe: true, at: ago(3, 4) },
    { chatId: "a", fromMe: false, at: ago(2) },
    // Chat b: the dealer opens; Cal answers; the dealer replies 30 min later.
    { chatId: "b", fromMe: true, at: ago(5, 3) },
    { chatId: "b", fromMe: false, at: ago(5, 2) },
    { chatId: "b", fromMe: true, at: ago(5, 2) + 30 * 60 * 1000 },
    // The week before: one message answered after 4 h.
    { chatId: "c", fromMe: false, at: ago(9, 8) },
    { chatId: "c", fromMe: true, at: ago(9, 4) },
  ],
  deals: [
    // Proposed by the dealer 10 days ago, confirmed 6 days ago, completed 2 days ago: $18,500.
    {
      proposedByMe: true,
      createdAt: ago(10),
      confirmedAt: ago(6),
      completedAt: ago(2),
      priceCents: 1_850_000,
      commissionCents: 37_000,
    },
    // Proposed to the dealer, still pending.
    {
      proposedByMe: false,
      createdAt: ago(1),
      confirmedAt: null,
      completedAt: null,
      priceCents: 900_000,
      commissionCents: null,
    },
    // Completed the week before: $10,000.
    {
      proposedByMe: false,
      createdAt: ago(13),
      confirmedAt: ago(12),
      completedAt: ago(11),
      priceCents: 1_000_000,
      commissionCents: 20_000,
    },
  ],
  foldedDays: [],
};

describe("the dealer's figures", () => {
  it("counts each figure in the period and the period before, with the change", () => {
    const week = periodFigures(known, 7, NOW);
    const f = week.figures;
    expect(f.postViews).toEqual({ current: 4, previous: 2, changePercent: 100 });
    expect(f.commentsReceived).toEqual({ current: 1, previous: 3, changePercent: -67 });
    expect(f.connections).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(f.requestsAnswered).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(f.messagesReceived).toEqual({ current: 4, previous: 1, changePercent: 300 });
    expect(f.messagesAnswered).toEqual({ current: 3, previous: 1, changePercent: 200 });
    expect(f.dealsProposed).toEqual({ current: 0, previous: 1, changePercent: -100 });
    expect(f.dealsConfirmed).toEqual({ current: 1, previous: 1, changePercent: 0 });
    expect(f.dealsCompleted).toEqual({ current: 1, previous: 1, changePercent: 0 });
    expect(f.volumeCents).toEqual({ current: 1_850_000, previous: 1_000_000, changePercent: 85 });
    expect(f.commissionCents).toEqual({ current: 37_000, previous: 20_000, changePercent: 85 });
  });

  it("times the first reply from the start of the other dealer's turn and takes the median", () => {
    const week = periodFigures(known, 7, NOW);
    // Chat a: 2 h (from her first message, not her second); chat b: 30 min. Median of 2 values: their mean.
    expect(week.medianReplyMs.current).toBe((2 * HOUR + 30 * 60 * 1000) / 2);
    expect(week.medianReplyMs.previous).toBe(4 * HOUR);
    expect(periodFigures(empty, 7, NOW).medianReplyMs).toEqual({ current: null, previous: null });
  });

  it("widens to 30 and 90 days: the same events fall in the longer period", () => {
    const month = periodFigures(known, 30, NOW);
    expect(month.figures.postViews).toEqual({ current: 6, previous: 0, changePercent: null });
    expect(month.figures.connections.current).toBe(2);
    expect(month.figures.dealsProposed.current).toBe(1);
    expect(month.figures.dealsCompleted.current).toBe(2);
    expect(month.figures.volumeCents.current).toBe(2_850_000);
    expect(periodFigures(known, 90, NOW).series.postViews).toHaveLength(91);
  });

  it("charts a value per UTC day that adds up to the period's figure", () => {
    const week = periodFigures(known, 7, NOW);
    for (const key of FIGURE_KEYS) {
      const total = week.series[key].reduce((sum, p) => sum + p.value, 0);
      expect(total, key).toBe(week.figures[key].current);
    }
    expect(week.series.volumeCents.find((p) => p.day === "2026-11-21")?.value).toBe(1_850_000);
    expect(week.series.postViews[0]!.day).toBe("2026-11-16");
    expect(week.series.postViews.at(-1)!.day).toBe("2026-11-23");
  });

  it("adds the day counts of rows no longer kept to the same figures, on their day", () => {
    const midnight = (days: number) => Date.UTC(2026, 10, 23 - days);
    const withFolded: DealerActivity = {
      ...known,
      foldedDays: [
        { day: midnight(2), postViews: 3, commentsReceived: 1, requestsAnswered: 0 },
        { day: midnight(10), postViews: 5, commentsReceived: 0, requestsAnswered: 2 },
      ],
    };
    const week = periodFigures(withFolded, 7, NOW);
    expect(week.figures.postViews).toEqual({ current: 4 + 3, previous: 2 + 5, changePercent: 0 });
    expect(week.figures.commentsReceived.current).toBe(1 + 1);
    expect(week.figures.requestsAnswered).toEqual({ current: 1, previous: 2, changePercent: -50 });
    expect(week.series.postViews.find((p) => p.day === "2026-11-21")?.value).toBe(1 + 3);
  });

  it("shows Basic the headline figures only, and Premium everything", () => {
    const week = periodFigures(known, 7, NOW);
    const basic = statsView(week, false);
    expect(Object.keys(basic.figures).sort()).toEqual([...HEADLINE_KEYS].sort());
    expect(basic.series).toBeNull();
    expect(basic.medianReplyMs).toBeNull();
    const premium = statsView(week, true);
    expect(Object.keys(premium.figures)).toHaveLength(FIGURE_KEYS.length);
    expect(premium.series?.days).toHaveLength(8);
    expect(premium.series?.values.volumeCents.at(-3)).toBe(1_850_000);
    expect(premium.from).toBe("2026-11-16T12:00:00.000Z");
  });
});

describe("the helpers", () => {
  it("compares with the period before, null when it had nothing", () => {
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 4)).toBe(-100);
    expect(changePercent(3, 2)).toBe(50);
  });

  it("takes the median of odd and even lists", () => {
    expect(median([])).toBeNull();
    expect(median([9, 1, 5])).toBe(5);
    expect(median([1, 2, 3, 10])).toBe(3);
  });

  it("reads answered messages per chat", () => {
    const { received, replyTimes } = repliesOf(known.messages);
    expect(received.filter((r) => r.answered)).toHaveLength(4);
    expect(received).toHaveLength(5);
    expect(replyTimes.map((r) => r.ms).sort((a, b) => a - b)).toEqual([30 * 60 * 1000, 2 * HOUR, 4 * HOUR]);
  });

  it("lists the UTC days of a period", () => {
    expect(daysOf(Date.UTC(2026, 0, 30, 23), Date.UTC(2026, 1, 2, 1))).toEqual([
      "2026-01-30",
      "2026-01-31",
      "2026-02-01",
      "2026-02-02",
    ]);
  });
});
