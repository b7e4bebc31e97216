import { Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ArrowLeft, Home } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { useActionToast } from "~/components/ui/action-toast";
import { cardClass } from "~/components/ui/panel";
import type { AdminAnswer } from "~/utils/admin.server";

/** Every admin page has Home and Back to Admin buttons. */
export function AdminNav({ isIndex = false }: { isIndex?: boolean }) {
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-2">
      <Link to="/" className={buttonClass("ghost", "px-3")}>
        <Home size={16} /> Home
      </Link>
      {isIndex ? null : (
        <Link to="/admin" className={buttonClass("ghost", "px-3")}>
          <ArrowLeft size={16} /> Back to Admin
        </Link>
      )}
    </nav>
  );
}

export function AdminPage({
  title,
  description,
  actions,
  children,
  isIndex = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  isIndex?: boolean;
}) {
  useActionToast(useActionData<AdminAnswer>());
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 pb-10 sm:px-0">
      <AdminNav isIndex={isIndex} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

export const badgeClass = (tone: "green" | "amber" | "red" | "slate" | "blue") =>
  `inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
    {
      green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
      amber: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
      red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
      slate: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
      blue: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-300",
    }[tone]
  }`;

/** The paging links under an admin list; `to` builds the link for a cursor (null: the first page). */
export function AdminPager({
  paged,
  nextCursor,
  to,
}: {
  paged: boolean;
  nextCursor: string | null;
  to: (cursor: string | null) => string;
}) {
  return (
    <div className="flex justify-center gap-3">
      {paged ? (
        <Link to={to(null)} className={buttonClass("ghost")}>
          First page
        </Link>
      ) : null}
      {nextCursor ? (
        <Link to={to(nextCursor)} className={buttonClass("secondary")}>
          Next page
        </Link>
      ) : null}
    </div>
  );
}

/** An admin list's table: named columns, then an unnamed one for each row's action; `empty` shows when no rows. */
export function AdminTable({
  tableClass,
  headings,
  rightAligned = [],
  empty,
  children,
}: {
  tableClass: string;
  headings: string[];
  rightAligned?: string[];
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`${cardClass} relative overflow-x-auto p-0`}>
      <table className={tableClass}>
        <thead className="text-muted">
          <tr>
            {headings.map((heading) => (
              <th
                key={heading}
                className={`p-3 ${rightAligned.includes(heading) ? "text-right " : ""}font-medium`}
              >
                {heading}
              </th>
            ))}
            <th className="p-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? <p className="p-6 text-center text-sm">{empty}</p> : null}
    </div>
  );
}
