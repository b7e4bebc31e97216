import { Form, Link, NavLink } from "@remix-run/react";
import { Bell, LogOut, Menu, MessageSquare } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Dialog, Tooltip } from "radix-ui";
import type { ReactNode } from "react";
import { InboxProvider, useInbox } from "~/components/chat/inbox-context";
import { PendingDeals } from "~/components/deal/pending-deals";
import { LiveAlertToasts } from "~/components/notifications/live-alert-toasts";
import { DealerSearch } from "~/components/dealer/dealer-search";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/lib/constants";
import type { ShellData } from "~/utils/shell.server";
import { BOTTOM_NAV, SIDEBAR, SLIDE_IN_MENU, type NavEntry } from "./nav";
import { RightColumn } from "./right-column";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-brand-600/15 text-brand-700 dark:text-brand-400"
      : "text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;

function NavList({
  entries,
  unread,
  unreadNotifications = 0,
  onNavigate,
}: {
  entries: NavEntry[];
  unread: number;
  unreadNotifications?: number;
  onNavigate?: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {entries.map(({ to, label, icon: Icon }) => (
        <li key={to + label}>
          <NavLink to={to} end={to === "/"} className={navClass} onClick={onNavigate} prefetch="intent">
            <Icon size={18} aria-hidden="true" />
            <span className="flex-1">{label}</span>
            {to === "/messages" && unread > 0 ? <UnreadBadge count={unread} /> : null}
            {to === "/notifications" && unreadNotifications > 0 ? (
              <UnreadBadge count={unreadNotifications} />
            ) : null}
          </NavLink>
        </li>
      ))}
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

function IconLink({
  to,
  label,
  children,
  badge = 0,
}: {
  to: string;
  label: string;
  children: ReactNode;
  badge?: number;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Link
          to={to}
          aria-label={badge > 0 ? `${label} (${badge} unread)` : label}
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {children}
          {badge > 0 ? (
            <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold text-white">
              {badge > 99 ? "99+" : badge}
            </span>
          ) : null}
        </Link>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="rounded bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-700"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function SignOutButton({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800 ${className}`}
      >
        <LogOut size={18} aria-hidden="true" /> Sign out
      </button>
    </Form>
  );
}

/** The signed-in frame of core spec §2: sidebar, top bar, right column; bottom bar and slide-in menu on phones. */
export function DealerShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InboxProvider
        dealerId={shell.currentUser.id ?? ""}
        initialUnread={shell.panels.unreadMessages}
        initialNotifications={shell.unreadNotifications}
      >
        <LiveAlertToasts />
        <PendingDeals />
        <ShellFrame shell={shell}>{children}</ShellFrame>
      </InboxProvider>
    </Tooltip.Provider>
  );
}

function ShellFrame({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { currentUser, panels } = shell;
  const { unreadTotal: unread, unreadNotifications, connected } = useInbox();
  return (
    <div className="min-h-dvh pb-16 lg:pb-0" data-inbox={connected ? "live" : "offline"}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-4 dark:border-slate-800 dark:bg-slate-950/90">
        <Dialog.Root>
          <Dialog.Trigger
            aria-label="Open menu"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-200 lg:hidden dark:hover:bg-slate-800"
          >
            <Menu size={20} aria-hidden="true" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 bg-white p-4 shadow-xl dark:bg-slate-900">
              <DialogHeader closeLabel="Close menu" titleClassName="text-lg font-bold">
                DealerLane
              </DialogHeader>
              <Dialog.Description className="sr-only">Main menu</Dialog.Description>
              <nav aria-label="Menu">
                <Dialog.Close asChild>
                  <div>
                    <NavList entries={SLIDE_IN_MENU} unread={unread} />
                  </div>
                </Dialog.Close>
              </nav>
              <SignOutButton className="mt-auto" />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>

        <Link to="/" className="flex items-center gap-2 font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="hidden sm:inline">DealerLane</span>
        </Link>

        <DealerSearch />

        <Link
          to="/landing"
          className="hidden rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-200 md:inline-flex dark:hover:bg-slate-800"
        >
          Landing
        </Link>
        <IconLink to="/notifications" label="Notifications" badge={unreadNotifications}>
          <Bell size={20} aria-hidden="true" />
        </IconLink>
        <IconLink to="/messages" label="Messages" badge={unread}>
          <MessageSquare size={20} aria-hidden="true" />
        </IconLink>
        <ThemeToggle />
        <Link
          to="/dealer-profile"
          className="hidden items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-200 sm:flex dark:hover:bg-slate-800"
        >
          <Avatar name={currentUser.name} src={currentUser.avatar} />
          <span className="hidden flex-col leading-tight xl:flex">
            <span className="text-sm font-semibold" data-testid="current-user-name">
              {currentUser.name}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{currentUser.dealershipName}</span>
          </span>
        </Link>
      </header>

      <div className="mx-auto flex max-w-[1440px] gap-6 px-0 sm:px-4">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 flex-col gap-4 overflow-y-auto py-4 lg:flex">
          <nav aria-label="Main">
            <NavList entries={SIDEBAR} unread={unread} unreadNotifications={unreadNotifications} />
          </nav>
          <SignOutButton className="mt-auto" />
        </aside>
        <main id="main" className="min-w-0 flex-1 py-4">
          {children}
        </main>
        <RightColumn panels={panels} />
      </div>

      <nav
        aria-label="Bottom"
        className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-stretch justify-around border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {BOTTOM_NAV.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            end={to === "/"}
            className={({ isActive }) =>
              `flex flex-1 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? "text-brand-600 dark:text-brand-400" : "text-slate-600 dark:text-slate-400"}`
            }
          >
            <span className="relative">
              <Icon size={20} aria-hidden="true" />
              {to === "/notifications" && unreadNotifications > 0 ? (
                <span
                  className="absolute -top-1.5 -right-2.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
                  aria-label={`${unreadNotifications} unread`}
                >
                  {unreadNotifications > 99 ? "99+" : unreadNotifications}
                </span>
              ) : null}
            </span>
            {label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
