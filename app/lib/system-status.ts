/**
 * The health report of `GET /api/health` and how the /status page reads it. Pure: shared by the worker
 * (which measures) and the page (which shows it and refreshes it every 30 s).
 */
import type { Check, CheckStatus, HealthReport } from "#lib/api-types";

export type { Check, CheckStatus, HealthReport };

/** System Status: the five status kinds. */
export type StatusKind = CheckStatus | "resolved" | "completed";
export const STATUS_KINDS: StatusKind[] = ["operational", "degraded", "down", "resolved", "completed"];

export const STATUS_LABELS: Record<StatusKind, string> = {
  operational: "Operational",
  degraded: "Degraded",
  down: "Down",
  resolved: "Resolved",
  completed: "Completed",
};

export const STATUS_REFRESH_MS = 30_000;

const RANK: Record<CheckStatus, number> = { operational: 0, degraded: 1, down: 2 };

/** The worse of several checks. */
export function worst(...statuses: CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), "operational");
}

export type ServiceRow = {
  name: string;
  description: string;
  status: CheckStatus;
  /** 90-day uptime: static marketing text. */
  uptime: string;
  /** What was just measured, for the live rows; null for the rows that are not measured separately. */
  measured: string | null;
};

const describe = (check: Check) =>
  check.status === "down" ? "not answering" : `answered in ${check.latencyMs} ms`;

/**
 * The five services of the status page, read from a health report: Dealer Platform is the worker (it
 * answered) with the database (and photo storage: degraded without it), Database is D1, Messaging System is
 * the real-time Durable Objects. AI Services and Authentication run inside the same worker and are not
 * measured separately. A null report means the worker itself could not be reached.
 */
export function serviceRows(report: HealthReport | null): ServiceRow[] {
  const down: Check = { status: "down", latencyMs: 0 };
  const db = report?.services.database ?? down;
  const storage = report?.services.storage ?? down;
  const realtime = report?.services.realtime ?? down;
  const platform = report
    ? worst(db.status, storage.status === "operational" ? "operational" : "degraded")
    : "down";
  return [
    {
      name: "Dealer Platform",
      description: "Feed, inventory posts, dealer network, deals and photos",
      status: platform,
      uptime: "99.98%",
      measured: report
        ? `Database ${describe(db)}, photo storage ${describe(storage)}`
        : "The platform is not answering",
    },
    {
      name: "Messaging System",
      description: "Real-time chat, typing indicators and read receipts",
      status: realtime.status,
      uptime: "99.95%",
      measured: `Real-time service ${describe(realtime)}`,
    },
    {
      name: "AI Services",
      description: "Inventory summaries and deal detection",
      status: "operational",
      uptime: "99.90%",
      measured: null,
    },
    {
      name: "Authentication",
      description: "Sign-in, sign-up and sessions",
      status: "operational",
      uptime: "99.99%",
      measured: null,
    },
    {
      name: "Database",
      description: "Dealer, inventory, message and deal records",
      status: db.status,
      uptime: "99.99%",
      measured: `Database ${describe(db)}`,
    },
  ];
}

export type Incident = {
  title: string;
  service: string;
  status: "resolved" | "completed";
  date: string;
  updates: Array<{ time: string; text: string }>;
};

/** The two past incidents the status page lists. */
export const PAST_INCIDENTS: Incident[] = [
  {
    title: "Delayed message delivery",
    service: "Messaging System",
    status: "resolved",
    date: "2026-10-14",
    updates: [
      {
        time: "2:10 PM EST",
        text: "Some messages took up to a minute to appear for the other dealer. We are investigating.",
      },
      {
        time: "2:32 PM EST",
        text: "A configuration change has been rolled back; messages are arriving instantly again.",
      },
      {
        time: "3:00 PM EST",
        text: "Resolved. No messages were lost: every delayed message had been saved and was delivered.",
      },
    ],
  },
  {
    title: "Scheduled database maintenance",
    service: "Database",
    status: "completed",
    date: "2026-09-27",
    updates: [
      {
        time: "1:00 AM EST",
        text: "Maintenance started. DealerLane stays available; saving changes may be slower.",
      },
      { time: "1:40 AM EST", text: "Completed ahead of schedule with no downtime." },
    ],
  },
];
