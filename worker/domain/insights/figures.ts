/**
 * My Stats: the dealer's figures over a period and the period before it, with a value per day for
 * the charts. Pure: it reads the dealer's activity as plain timestamps (insights/index.ts gathers them) and
 * touches no I/O, so every figure is tested against known data.
 */
import type { FoldedDay } from "../stats";

export type StatPeriod = 7 | 30 | 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One message of one of the dealer's chats, in time order within its chat. */
type ChatMessageEvent = { chatId: string; fromMe: boolean; at: number };

/** One deal the dealer is part of: its milestones and money. */
type DealEvent = {
  proposedByMe: boolean;
  createdAt: number;
  confirmedAt: number | null;
  completedAt: number | null;
  priceCents: number;
  commissionCents: number | null;
};

/** What the dealer's figures are counted from, each a list of event times (epoch ms). */
export type DealerActivity = {
  /** First views of the dealer's posts by other dealers (one per dealer and post). */
  postViews: number[];
  /** Comments other dealers left on the dealer's posts. */
  commentsReceived: number[];
  /** Accepted connections the dealer made or accepted. */
  connections: number[];
  /** Other dealers' Requesting posts the dealer answered (first comment on each). */
  requestsAnswered: number[];
  messages: ChatMessageEvent[];
  deals: DealEvent[];
  /**
   * The same three figures counted per UTC day from rows the daily cron no longer keeps (dealer_day_figures, in
   * either database; a day may come twice): each day's count is placed at its midnight.
   */
  foldedDays: FoldedDay[];
};

export const FIGURE_KEYS = [
  "postViews",
  "commentsReceived",
  "messagesReceived",
  "messagesAnswered",
  "connections",
  "requestsAnswered",
  "dealsProposed",
  "dealsConfirmed",
  "dealsCompleted",
  "volumeCents",
  "commissionCents",
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** The figures Basic sees: the headline of each area. The rest, and every chart, are Premium's. */
export const HEADLINE_KEYS: readonly FigureKey[] = [
  "postViews",
  "messagesReceived",
  "connections",
  "dealsCompleted",
  "volumeCents",
];

export type Figure = {
  current: number;
  previous: number;
  /** Whole percent against the period before; null when that period had nothing to compare with. */
  changePercent: number | null;
};

type DayPoint = { day: string; value: number };

type PeriodFigures = {
  periodDays: StatPeriod;
  /** The period is [from, to); the one before it is [from − days, from). */
  from: number;
  to: number;
  figures: Record<FigureKey, Figure>;
  /** Median time from another dealer's message to the dealer's first reply; null when nothing was answered. */
  medianReplyMs: { current: number | null; previous: number | null };
  /** One point per UTC day of the period, for each figure (the charts). */
  series: Record<FigureKey, DayPoint[]>;
};

export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** An event that happened at a time and weighs a value (1 for a count, cents for money). */
type Weighted = { at: number; value: number };

type Replies = {
  /** Every message another dealer sent the dealer, and whether the dealer wrote in that chat after it. */
  received: { at: number; answered: boolean }[];
  /** For each message that opened another dealer's turn, how long the dealer took to answer it. */
  replyTimes: { at: number; ms: number }[];
};

/**
 * Reads the chats in time order: a message is answered when the dealer wrote in the same chat after it; a
 * reply time runs from the first message of the other dealer's turn to the dealer's next message.
 */
export function repliesOf(messages: ChatMessageEvent[]): Replies {
  const byChat = new Map<string, ChatMessageEvent[]>();
  for (const m of messages) {
    const list = byChat.get(m.chatId);
    if (list) list.push(m);
    else byChat.set(m.chatId, [m]);
  }
  const received: Replies["received"] = [];
  const replyTimes: Replies["replyTimes"] = [];
  for (const list of byChat.values()) {
    list.sort((a, b) => a.at - b.at);
    let nextMine: number | null = null;
    const nextMineAfter: (number | null)[] = new Array(list.length);
    for (let i = list.length - 1; i >= 0; i--) {
      nextMineAfter[i] = nextMine;
      if (list[i]!.fromMe) nextMine = list[i]!.at;
    }
    list.forEach((m, i) => {
      if (m.fromMe) return;
      const reply = nextMineAfter[i];
      received.push({ at: m.at, answered: reply !== null });
      const opensTurn = i === 0 || list[i - 1]!.fromMe;
      if (opensTurn && reply !== null) replyTimes.push({ at: m.at, ms: reply - m.at });
    });
  }
  return { received, replyTimes };
}

function weightedEvents(activity: DealerActivity, replies: Replies): Record<FigureKey, Weighted[]> {
  const counted = (times: number[]) => times.map((at) => ({ at, value: 1 }));
  const folded = (key: "postViews" | "commentsReceived" | "requestsAnswered") =>
    activity.foldedDays.filter((d) => d[key] > 0).map((d) => ({ at: d.day, value: d[key] }));
  const completed = activity.deals.filter((d) => d.completedAt !== null);
  return {
    postViews: [...counted(activity.postViews), ...folded("postViews")],
    commentsReceived: [...counted(activity.commentsReceived), ...folded("commentsReceived")],
    messagesReceived: counted(replies.received.map((r) => r.at)),
    messagesAnswered: counted(replies.received.filter((r) => r.answered).map((r) => r.at)),
    connections: counted(activity.connections),
    requestsAnswered: [...counted(activity.requestsAnswered), ...folded("requestsAnswered")],
    dealsProposed: counted(activity.deals.filter((d) => d.proposedByMe).map((d) => d.createdAt)),
    dealsConfirmed: counted(activity.deals.flatMap((d) => (d.confirmedAt === null ? [] : [d.confirmedAt]))),
    dealsCompleted: counted(completed.map((d) => d.completedAt!)),
    volumeCents: completed.map((d) => ({ at: d.completedAt!, value: d.priceCents })),
    commissionCents: completed.map((d) => ({ at: d.completedAt!, value: d.commissionCents ?? 0 })),
  };
}

const sumIn = (events: Weighted[], from: number, to: number) =>
  events.reduce((sum, e) => (e.at >= from && e.at < to ? sum + e.value : sum), 0);

/** Midnight UTC of the day `at` falls in. */
const startOfDay = (at: number) => at - (((at % DAY_MS) + DAY_MS) % DAY_MS);

/** The UTC days of [from, to), oldest first. */
export function daysOf(from: number, to: number): string[] {
  const days: string[] = [];
  for (let t = startOfDay(from); t < to; t += DAY_MS) days.push(dayOf(t));
  return days;
}

/** The dealer's figures for the `periodDays` ending at `now`, against the same length before it. */
export function periodFigures(activity: DealerActivity, periodDays: StatPeriod, now: number): PeriodFigures {
  const to = now;
  const from = now - periodDays * DAY_MS;
  const before = from - periodDays * DAY_MS;
  const replies = repliesOf(activity.messages);
  const events = weightedEvents(activity, replies);
  const days = daysOf(from, to);
  const firstDay = startOfDay(from);
  const figures = {} as Record<FigureKey, Figure>;
  const series = {} as Record<FigureKey, DayPoint[]>;
  for (const key of FIGURE_KEYS) {
    const current = sumIn(events[key], from, to);
    const previous = sumIn(events[key], before, from);
    figures[key] = { current, previous, changePercent: changePercent(current, previous) };
    // Each event to its day by arithmetic: a date string per event was a measurable share of the page.
    const perDay = new Array<number>(days.length).fill(0);
    for (const e of events[key]) {
      if (e.at < from || e.at >= to) continue;
      perDay[Math.floor((e.at - firstDay) / DAY_MS)]! += e.value;
    }
    series[key] = days.map((day, i) => ({ day, value: perDay[i]! }));
  }
  const replyMs = (a: number, b: number) =>
    median(replies.replyTimes.filter((r) => r.at >= a && r.at < b).map((r) => r.ms));
  return {
    periodDays,
    from,
    to,
    figures,
    medianReplyMs: { current: replyMs(from, to), previous: replyMs(before, from) },
    series,
  };
}

/**
 * What /my-stats carries: Premium ("advanced analytics") gets every figure, the reply time
 * and the daily series; Basic gets the headline figures only, so its page never holds the others.
 */
export type StatsView = {
  periodDays: StatPeriod;
  from: string;
  to: string;
  advanced: boolean;
  figures: Partial<Record<FigureKey, Figure>>;
  medianReplyMs: PeriodFigures["medianReplyMs"] | null;
  /** The daily series, compact: one list of days and, per figure, one value per day. */
  series: { days: string[]; values: Record<FigureKey, number[]> } | null;
};

export function statsView(figures: PeriodFigures, advanced: boolean): StatsView {
  const base = {
    periodDays: figures.periodDays,
    from: new Date(figures.from).toISOString(),
    to: new Date(figures.to).toISOString(),
    advanced,
  };
  if (advanced)
    return {
      ...base,
      figures: figures.figures,
      medianReplyMs: figures.medianReplyMs,
      series: {
        days: figures.series.postViews.map((p) => p.day),
        values: Object.fromEntries(
          FIGURE_KEYS.map((k) => [k, figures.series[k].map((p) => p.value)]),
        ) as Record<FigureKey, number[]>,
      },
    };
  return {
    ...base,
    figures: Object.fromEntries(HEADLINE_KEYS.map((k) => [k, figures.figures[k]])),
    medianReplyMs: null,
    series: null,
  };
}
