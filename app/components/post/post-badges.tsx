import { isLiveAuction } from "#lib/schemas/inventory-constants";

const STATUS_STYLES: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  sold: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  expired: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
};

/** Active, sold, expired; any other value upper-cased; a live auction shows a red LIVE badge instead. */
export function PostStatusBadge({
  post,
}: {
  post: { status: string; title: string; description?: string | null };
}) {
  if (isLiveAuction(post)) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
        <span
          className="h-1.5 w-1.5 animate-pulse rounded-full bg-white motion-reduce:animate-none"
          aria-hidden="true"
        />
        LIVE
      </span>
    );
  }
  const known = STATUS_STYLES[post.status];
  return (
    <span
      className={`post-badge ${known ?? "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
    >
      {known ? post.status : post.status.toUpperCase()}
    </span>
  );
}

const TYPE_LABELS: Record<string, string> = {
  single: "Single vehicle",
  multiple: "Multiple vehicles",
  spreadsheet: "Inventory sheet",
  "for-sale": "For Sale",
  request: "Requesting",
};

export function PostTypeLabel({ type }: { type: string }) {
  return (
    <span
      className={`post-label ${
        type === "request"
          ? "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300"
          : "bg-brand-100 text-brand-700 dark:bg-brand-600/20 dark:text-brand-400"
      }`}
    >
      {TYPE_LABELS[type] ?? type}
    </span>
  );
}
