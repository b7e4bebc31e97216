import type { SaleStatus } from "#lib/deals/constants";

/** Sale status colours: completed green, pending yellow, in-transit blue, else grey. */
const STYLES: Record<SaleStatus, string> = {
  completed: "bg-emerald-600/15 text-emerald-800 dark:text-emerald-300",
  pending: "bg-yellow-500/20 text-yellow-800 dark:text-yellow-300",
  "in-transit": "bg-blue-600/15 text-blue-700 dark:text-blue-300",
};
const LABELS: Record<SaleStatus, string> = {
  completed: "Completed",
  pending: "Pending",
  "in-transit": "In transit",
};

export function SaleStatusBadge({ status }: { status: SaleStatus | null }) {
  const style = status ? STYLES[status] : "bg-slate-500/15 text-slate-700 dark:text-slate-300";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${style}`} data-testid="sale-status">
      {status ? LABELS[status] : "Unknown"}
    </span>
  );
}
