import { useRef } from "react";
import { DropdownMenu } from "radix-ui";
import { Handshake, HelpCircle, User, Ellipsis } from "~/components/ui/icons";

export type PostMenuProps = {
  className: string;
  /** Opened from the keyboard: the first item takes focus, as Radix does for a menu it opened itself. */
  byKeyboard: boolean;
  questioned: boolean;
  onQuestion: () => void;
  onViewProfile: () => void;
  onMakeDeal?: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * The More menu itself, loaded on its first open (with Radix's menu and Floating UI): it mounts already open, its
 * trigger in place of the plain button that asked for it. Not modal: View Profile opens a dialog.
 */
export function PostMenu({
  className,
  byKeyboard,
  questioned,
  onQuestion,
  onViewProfile,
  onMakeDeal,
}: PostMenuProps) {
  // Only the open that loaded it: later opens go through Radix's own trigger, which knows the keyboard from a tap.
  const focusFirst = useRef(byKeyboard);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={className}>
        <Ellipsis size={18} aria-hidden="true" /> More
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="post-menu"
          data-testid="post-menu"
          // Radix focuses the menu itself on open, and moves on to the first item only for a keyboard it saw
          // press; the key that asked for this menu came before the menu was here to see it.
          onFocus={(event) => {
            if (!focusFirst.current || event.target !== event.currentTarget) return;
            focusFirst.current = false;
            event.currentTarget.querySelector<HTMLElement>("[role^=menuitem]")?.focus();
          }}
        >
          <DropdownMenu.CheckboxItem
            checked={questioned}
            onCheckedChange={onQuestion}
            className="post-menu-item"
          >
            <HelpCircle size={16} aria-hidden="true" /> Question
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Item onSelect={onViewProfile} className="post-menu-item">
            <User size={16} aria-hidden="true" /> View Profile
          </DropdownMenu.Item>
          {onMakeDeal ? (
            <DropdownMenu.Item onSelect={onMakeDeal} className="post-menu-item">
              <Handshake size={16} aria-hidden="true" /> Make a deal
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
