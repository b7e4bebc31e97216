import { useLocation, useMatches } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import { ConfirmEmailBanner } from "~/components/account/confirm-email-banner";
import { Avatar } from "~/components/ui/avatar";
import { Bell, MessageSquare } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { IncomingCall } from "~/components/chat/incoming-call";
import { InboxProvider, useInbox } from "~/components/chat/inbox-context";
import { PendingDeals } from "~/components/deal/pending-deals";
import { LiveAlertToasts } from "~/components/notifications/live-alert-toasts";
import { PushAsk } from "~/components/notifications/push-ask";
import { DealerSearch } from "~/components/dealer/dealer-search";
import { ClockProvider } from "~/components/ui/clock";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import type { ShellData } from "~/utils/shell.server";
import { isAdmin } from "#lib/roles";
import { ADMIN_ENTRY, BOTTOM_NAV, SIDEBAR } from "./nav";
import { isCurrent, NavList, SignOutButton } from "./nav-list";
import { SlideInMenu } from "./slide-in-menu";
import type { RouteHandle } from "~/root";
import { RightColumn } from "./right-column";

function IconLink({
  to,
  label,
  children,
  badge = 0,
}: {
  to: `/${string}`;
  label: string;
  children: ReactNode;
  badge?: number;
}) {
  const shown = badge > 99 ? "99+" : String(badge);
  return (
    <AppLink
      to={to}
      // The name holds the badge's visible text as words ("Messages, 3 unread"): WCAG 2.5.3 label in name.
      aria-label={badge > 0 ? `${label}, ${shown} unread` : label}
      // The icon's word on hover: the browser's own tooltip, so no tooltip library rides on every screen's first load.
      title={label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {children}
      {badge > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold text-white">
          {shown}
        </span>
      ) : null}
    </AppLink>
  );
}

/** The signed-in frame: sidebar, top bar, right column; bottom bar and slide-in menu on phones. */
export function DealerShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  return (
    <ClockProvider initial={shell.clock}>
      <InboxProvider
        dealerId={shell.currentUser.id ?? ""}
        initialUnread={shell.unreadMessages}
        initialNotifications={shell.unreadNotifications}
      >
        <LiveAlertToasts />
        <PushAsk />
        <PendingDeals />
        <IncomingCall />
        <ShellFrame shell={shell}>{children}</ShellFrame>
      </InboxProvider>
    </ClockProvider>
  );
}

function ShellFrame({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { currentUser } = shell;
  const { unreadTotal: unread, unreadNotifications, connected } = useInbox();
  const { pathname } = useLocation();
  const workspace = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.workspace);
  return (
    <div className="min-h-dvh pb-16 lg:pb-0" data-inbox={connected ? "live" : "offline"}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <header
        data-top-bar=""
        className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-4 dark:border-slate-800 dark:bg-slate-950/90"
      >
        <SlideInMenu
          who={currentUser}
          unread={unread}
          unreadNotifications={unreadNotifications}
          admin={isAdmin(currentUser)}
        />

        <AppLink to="/" className="flex items-center gap-2 font-bold" aria-label="DealerLane home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="hidden sm:inline">DealerLane</span>
        </AppLink>

        <DealerSearch />

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <AppLink
            to="/landing"
            className="hidden rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-200 md:inline-flex dark:hover:bg-slate-800"
          >
            Landing
          </AppLink>
          <IconLink to="/notifications" label="Notifications" badge={unreadNotifications}>
            <Bell size={20} />
          </IconLink>
          <IconLink to="/messages" label="Messages" badge={unread}>
            <MessageSquare size={20} />
          </IconLink>
          {/* On a phone the theme switch lives in the menu, leaving the search box room for its placeholder. */}
          <span className="hidden sm:inline-flex">
            <ThemeToggle />
          </span>
          <AppLink
            to="/dealer-profile"
            className="hidden items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-200 sm:flex dark:hover:bg-slate-800"
          >
            <Avatar name={currentUser.name} src={currentUser.avatar} />
            <span className="hidden flex-col leading-tight xl:flex">
              <span className="text-sm font-semibold" data-testid="current-user-name">
                {currentUser.name}
              </span>
              <span className="text-xs text-muted">{currentUser.dealershipName}</span>
            </span>
          </AppLink>
        </div>
      </header>

      <div className={`mx-auto flex gap-6 px-0 sm:px-4 ${workspace ? "" : "max-w-[1440px]"}`}>
        <aside
          className={`sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col gap-4 overflow-y-auto py-4 lg:flex ${workspace ? "w-12 xl:w-60" : "w-60"}`}
        >
          <nav aria-label="Main">
            <NavList
              entries={isAdmin(currentUser) ? [...SIDEBAR, ADMIN_ENTRY] : SIDEBAR}
              unread={unread}
              unreadNotifications={unreadNotifications}
              rail={workspace}
            />
          </nav>
          <SignOutButton className="mt-auto" rail={workspace} />
        </aside>
        <main id="main" className="min-w-0 flex-1 py-4">
          {shell.currentUser.emailVerified ? null : <ConfirmEmailBanner email={shell.currentUser.email} />}
          {children}
        </main>
        {workspace ? null : <RightColumn me={currentUser.id ?? ""} />}
      </div>

      <nav
        aria-label="Bottom"
        data-bottom-bar=""
        className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-stretch justify-around border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {BOTTOM_NAV.map(({ to, label, icon: Icon }) => {
          const current = isCurrent(to, pathname);
          return (
            <AppLink
              key={to}
              to={to}
              aria-current={current ? "page" : undefined}
              // The unread count describes the link without renaming it: "Alerts" stays "Alerts".
              aria-describedby={
                to === "/notifications" && unreadNotifications > 0 ? "bottom-nav-unread-alerts" : undefined
              }
              className={`flex flex-1 flex-col items-center justify-center gap-0.5 text-xs ${current ? "text-brand-700 dark:text-brand-400" : "text-muted"}`}
            >
              <span className="relative">
                <Icon size={20} />
                {to === "/notifications" && unreadNotifications > 0 ? (
                  <span
                    className="absolute -top-1.5 -right-2.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
                    aria-hidden="true"
                  >
                    {unreadNotifications > 99 ? "99+" : unreadNotifications}
                  </span>
                ) : null}
              </span>
              {label}
            </AppLink>
          );
        })}
        {unreadNotifications > 0 ? (
          <span id="bottom-nav-unread-alerts" className="sr-only">
            {unreadNotifications} unread
          </span>
        ) : null}
      </nav>
    </div>
  );
}
