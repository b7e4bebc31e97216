import { useRef, useState } from "react";
import { Menu } from "~/components/ui/icons";
import { lazyDialog } from "~/components/ui/lazy-dialog";

type Who = { name: string; dealershipName?: string | null; avatar?: string | null };

/** The sheet's code (Radix's dialog, focus trap and scroll lock) arrives on the first open, not with every page. */
const MenuSheet = lazyDialog(() => import("./slide-in-menu-sheet").then((m) => m.MenuSheet));

/**
 * The phone's slide-in menu button: its sheet (slide-in-menu-sheet.tsx) exists only while open, since every
 * signed-in page renders the button and few open the menu. Closing it hands focus back to the button.
 */
export function SlideInMenu({
  who,
  unread,
  unreadNotifications,
  admin,
}: {
  who: Who;
  unread: number;
  unreadNotifications: number;
  admin: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-slate-200 lg:hidden dark:hover:bg-slate-800"
        onClick={() => setOpen(true)}
      >
        <Menu size={20} />
      </button>
      {open ? (
        <MenuSheet
          open
          onOpenChange={setOpen}
          returnFocus={button}
          who={who}
          unread={unread}
          unreadNotifications={unreadNotifications}
          admin={admin}
        />
      ) : null}
    </>
  );
}
