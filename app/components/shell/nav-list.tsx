import { Form, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import { LogOut } from "~/components/ui/icons";
import type { NavEntry } from "./nav";

const navClass = (isActive: boolean) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-brand-600/15 text-brand-700 dark:text-brand-400"
      : "text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;

/**
 * Whether a menu entry is the screen shown. The menus are plain links marked with aria-current: twenty
 * NavLinks each compiling a route pattern cost the server a noticeable share of every page.
 */
export const isCurrent = (to: string, pathname: string, exact = false) =>
  to === "/" || exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);

/** A rail shows icons only below xl (a workspace screen's menu); the names stay for screen readers and hover. */
const railLabel = "sr-only xl:not-sr-only xl:flex-1";

/** The sidebar's and the slide-in menu's list of screens, with the unread counts on Messages and Notifications. */
export function NavList({
  entries,
  unread,
  unreadNotifications = 0,
  onNavigate,
  labelledBy,
  rail = false,
}: {
  entries: NavEntry[];
  unread: number;
  unreadNotifications?: number;
  onNavigate?: () => void;
  labelledBy?: string;
  rail?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-1" aria-labelledby={labelledBy}>
      {entries.map(({ to, label, icon: Icon, exact }) => {
        const current = isCurrent(to, pathname, exact);
        return (
          <li key={to + label}>
            <AppLink
              to={to}
              aria-current={current ? "page" : undefined}
              className={`${navClass(current)} ${rail ? "relative justify-center xl:justify-start" : ""}`}
              title={rail ? label : undefined}
              onClick={onNavigate}
              prefetch="intent"
            >
              <Icon size={18} className="shrink-0" />
              <span className={rail ? railLabel : "flex-1"}>{label}</span>
              {to === "/messages" && unread > 0 ? <UnreadBadge count={unread} rail={rail} /> : null}
              {to === "/notifications" && unreadNotifications > 0 ? (
                <UnreadBadge count={unreadNotifications} rail={rail} />
              ) : null}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

function UnreadBadge({ count, rail }: { count: number; rail: boolean }) {
  return (
    <span
      className={`rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white ${rail ? "absolute top-0 right-0 xl:static" : ""}`}
      aria-label={`${count} unread`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

export function SignOutButton({ className = "", rail = false }: { className?: string; rail?: boolean }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <button
        type="submit"
        title={rail ? "Sign out" : undefined}
        className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800 ${rail ? "justify-center xl:justify-start" : ""}`}
      >
        <LogOut size={18} className="shrink-0" />
        <span className={rail ? "sr-only xl:not-sr-only" : undefined}>Sign out</span>
      </button>
    </Form>
  );
}
