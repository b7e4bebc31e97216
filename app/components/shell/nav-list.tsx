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

/** The sidebar's and the slide-in menu's list of screens, with the unread counts on Messages and Notifications. */
export function NavList({
  entries,
  unread,
  unreadNotifications = 0,
  onNavigate,
  labelledBy,
}: {
  entries: NavEntry[];
  unread: number;
  unreadNotifications?: number;
  onNavigate?: () => void;
  labelledBy?: string;
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
              className={navClass(current)}
              onClick={onNavigate}
              prefetch="intent"
            >
              <Icon size={18} aria-hidden="true" />
              <span className="flex-1">{label}</span>
              {to === "/messages" && unread > 0 ? <UnreadBadge count={unread} /> : null}
              {to === "/notifications" && unreadNotifications > 0 ? (
                <UnreadBadge count={unreadNotifications} />
              ) : null}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
      aria-label={`${count} unread`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

export function SignOutButton({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <button
        type="submit"
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <LogOut size={18} aria-hidden="true" /> Sign out
      </button>
    </Form>
  );
}
