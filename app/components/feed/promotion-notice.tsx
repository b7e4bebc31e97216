import { AlertTriangle, CheckCircle2, Megaphone, Sparkles, type IconComponent } from "~/components/ui/icons";
import type { Promotion } from "#lib/api-types";

const STYLES: Record<
  Promotion["type"],
  { icon: IconComponent; frame: string; badge: string; label: string }
> = {
  info: {
    icon: Megaphone,
    frame: "border-sky-500/40 bg-sky-50 dark:bg-sky-950/40",
    badge: "bg-sky-600",
    label: "News",
  },
  warning: {
    icon: AlertTriangle,
    frame: "border-amber-500/50 bg-amber-50 dark:bg-amber-950/40",
    badge: "bg-amber-600",
    label: "Heads up",
  },
  success: {
    icon: CheckCircle2,
    frame: "border-emerald-500/40 bg-emerald-50 dark:bg-emerald-950/40",
    badge: "bg-emerald-600",
    label: "Good news",
  },
  promotion: {
    icon: Sparkles,
    frame:
      "border-brand-500/40 bg-gradient-to-r from-brand-50 to-white dark:from-brand-600/15 dark:to-slate-900",
    badge: "bg-brand-600",
    label: "Promotion",
  },
};

/** An admin's promotion in its type's style: in the feed's promo block and on /admin/promo. */
export function PromotionNotice({ promotion }: { promotion: Pick<Promotion, "title" | "message" | "type"> }) {
  const style = STYLES[promotion.type];
  const Icon = style.icon;
  return (
    <aside
      aria-label={`From DealerLane: ${promotion.title}`}
      className={`flex items-start gap-3 border-y p-4 sm:rounded-xl sm:border ${style.frame}`}
      data-testid="promotion"
      data-type={promotion.type}
    >
      <span className={`rounded-lg p-2 text-white ${style.badge}`}>
        <Icon size={20} aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-[11px] font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
          DealerLane · {style.label}
        </p>
        <p className="font-semibold">{promotion.title}</p>
        <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700 dark:text-slate-300">
          {promotion.message}
        </p>
      </div>
    </aside>
  );
}
