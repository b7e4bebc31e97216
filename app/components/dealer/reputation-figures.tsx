import { useId } from "react";
import type { Reputation } from "#lib/api-types";
import { NEW_ON_DEALERLANE, REPLY_TIME_WINDOW_DAYS } from "#lib/reputation/constants";
import { formatCount } from "./dealer-bits";

const percent = (share: number) => `${Math.round(share * 100)} %`;

function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

const daysText = (days: number) => `${days.toFixed(1).replace(/\.0$/, "")} ${days === 1 ? "day" : "days"}`;

/**
 * How the dealer behaves, measured on DealerLane: each figure with a plain label and what it counts, or
 * "new on DealerLane" where there is not enough yet to say. Disputes lost show only once there is one: a row
 * of zeros on every card would say nothing the absence does not.
 */
export function ReputationFigures({ reputation }: { reputation: Reputation }) {
  const figures: [label: string, value: string | null, hint: string][] = [
    [
      "Deals completed",
      formatCount(reputation.dealsCompleted),
      "Deals completed with other dealers on DealerLane",
    ],
    [
      "Confirmed deals completed",
      reputation.completionRate === null ? null : percent(reputation.completionRate),
      "Of the deals this dealer confirmed, the share that was completed",
    ],
    [
      "Usually replies in",
      reputation.medianReplyMinutes === null ? null : minutesText(reputation.medianReplyMinutes),
      `Median time to the first reply in a chat, last ${REPLY_TIME_WINDOW_DAYS} days`,
    ],
    [
      "Offers answered in time",
      reputation.offersAnsweredInTime === null ? null : percent(reputation.offersAnsweredInTime),
      "Share of offers answered before their clock ran out",
    ],
    [
      "Title delivered in",
      reputation.medianTitleDays === null ? null : daysText(reputation.medianTitleDays),
      "Median days from a completed sale to the title received",
    ],
  ];
  if (reputation.disputesLost > 0)
    figures.push([
      "Disputes lost",
      formatCount(reputation.disputesLost),
      "Disputes on this dealer's deals that DealerLane decided against them",
    ]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1" data-testid="reputation-figures">
      <h3 id={headingId} className="text-xs font-semibold text-muted uppercase">
        How they deal, measured on DealerLane
      </h3>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        {figures.map(([label, value, hint]) => (
          <div key={label} className="flex min-w-0 flex-col" title={hint}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className={value === null ? "text-muted" : "font-semibold"}>{value ?? NEW_ON_DEALERLANE}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
