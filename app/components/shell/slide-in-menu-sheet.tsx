import { Dialog } from "radix-ui";
import { useId, type RefObject } from "react";
import { Avatar } from "~/components/ui/avatar";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { ADMIN_ENTRY, ADMIN_PAGES, MORE_MENU, SLIDE_IN_MENU, type NavGroup } from "./nav";
import { NavList, SignOutButton } from "./nav-list";

type Who = { name: string; dealershipName?: string | null; avatar?: string | null };

/**
 * The phone's slide-in menu: its four entries first (nav.ts), then every other signed-in screen in groups
 * (and the admin console's pages for an admin), so that any screen is two taps away. The list scrolls on its
 * own between the dealer's name and Sign out.
 */
export function MenuSheet({
  onOpenChange,
  returnFocus,
  who,
  unread,
  unreadNotifications,
  admin,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement>;
  who: Who;
  unread: number;
  unreadNotifications: number;
  admin: boolean;
}) {
  const close = () => onOpenChange(false);
  const groups: NavGroup[] = admin
    ? [...MORE_MENU, { title: "Administration", entries: [{ ...ADMIN_ENTRY, exact: true }, ...ADMIN_PAGES] }]
    : MORE_MENU;
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        sheet
        className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[88vw] flex-col bg-white pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] shadow-xl dark:bg-slate-900"
        returnFocus={returnFocus}
      >
        <DialogHeader
          closeLabel="Close menu"
          className="border-b border-slate-200 px-4 py-2 dark:border-slate-800"
          titleClassName="flex items-center gap-2 text-lg font-bold"
        >
          <img src="/favicon.svg" alt="" width={24} height={24} />
          DealerLane
        </DialogHeader>
        <Dialog.Description className="sr-only">Main menu</Dialog.Description>
        <div className="flex items-center gap-3 px-4 py-3">
          <Avatar name={who.name} src={who.avatar} size={40} />
          <span className="min-w-0 leading-tight">
            <span className="block font-semibold break-words">{who.name}</span>
            {who.dealershipName ? (
              <span className="block text-sm break-words text-muted">{who.dealershipName}</span>
            ) : null}
          </span>
        </div>
        <nav
          aria-label="Menu"
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-slate-200 px-3 py-3 dark:border-slate-800"
        >
          <NavList
            entries={SLIDE_IN_MENU}
            unread={unread}
            unreadNotifications={unreadNotifications}
            onNavigate={close}
          />
          {groups.map((group) => (
            <MenuGroup
              key={group.title}
              group={group}
              unread={unread}
              unreadNotifications={unreadNotifications}
              onNavigate={close}
            />
          ))}
        </nav>
        <div className="flex items-center gap-2 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
          <SignOutButton className="flex-1" />
          <ThemeToggle />
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}

function MenuGroup({
  group,
  unread,
  unreadNotifications,
  onNavigate,
}: {
  group: NavGroup;
  unread: number;
  unreadNotifications: number;
  onNavigate: () => void;
}) {
  const id = useId();
  return (
    <section className="mt-4">
      <h3 id={id} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {group.title}
      </h3>
      <NavList
        entries={group.entries}
        unread={unread}
        unreadNotifications={unreadNotifications}
        onNavigate={onNavigate}
        labelledBy={id}
      />
    </section>
  );
}
