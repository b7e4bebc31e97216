import {
  AlertTriangle,
  CheckCircle2,
  CircleCheckBig,
  Wrench,
  XCircle,
  type IconComponent,
} from "~/components/ui/icons";
import { STATUS_LABELS, type StatusKind } from "#lib/system-status";

const STYLE: Record<StatusKind, { icon: IconComponent; className: string }> = {
  operational: {
    icon: CheckCircle2,
    className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  },
  degraded: {
    icon: AlertTriangle,
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  },
  down: { icon: XCircle, className: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300" },
  resolved: { icon: CircleCheckBig, className: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300" },
  completed: { icon: Wrench, className: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200" },
};

/** One of the five status kinds of /status, with an icon so colour is not the only cue. */
export function StatusBadge({ status }: { status: StatusKind }) {
  const { icon: Icon, className } = STYLE[status];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      <Icon size={14} />
      {STATUS_LABELS[status]}
    </span>
  );
}
