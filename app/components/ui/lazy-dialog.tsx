import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Loader2 } from "./icons";
import { toastError } from "#lib/toast";

type Closable = { open?: boolean; onOpenChange?: (open: boolean) => void };

/**
 * A dialog whose code arrives the first time it opens instead of with the page: a phone on a lot loads the
 * screen it came for, and a form it may never open (its fields, schemas and form library) only on the tap
 * that asks for it. While the code arrives the page says so; if it cannot (no connection), a toast says why and
 * the dialog counts as closed, so the next tap tries again. Closed (`open` false), it renders and loads nothing.
 * `pending` draws the wait when "Opening…" alone is not enough (a menu keeps its button in place beside it);
 * for a part that no one closes (no `onOpenChange`), it is given `retry` once loading failed, to offer a try.
 */
export function lazyDialog<P extends Closable>(
  load: () => Promise<ComponentType<P>>,
  pending: (props: P, retry?: () => void) => ReactNode = ({ onOpenChange }) => (
    <DialogLoading onCancel={onOpenChange && (() => onOpenChange(false))} />
  ),
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  function LazyDialog(props: P) {
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    const { onOpenChange } = props;
    const closed = props.open === false;
    // Closed after a failure: the next open tries again.
    if (closed && failed) setFailed(false);
    useEffect(() => {
      if (Dialog || closed || failed) return;
      let current = true;
      load().then(
        (component) => {
          loaded = component;
          if (current) setDialog(() => component);
        },
        () => {
          if (!current) return;
          toastError("It could not be loaded: check the connection and try again.", "Could not open");
          setFailed(true);
          onOpenChange?.(false);
        },
      );
      return () => {
        current = false;
      };
    }, [Dialog, closed, failed, onOpenChange]);
    if (Dialog) return <Dialog {...props} />;
    if (closed) return null;
    return pending(props, failed ? () => setFailed(false) : undefined);
  }
  return LazyDialog;
}

/**
 * What shows while a dialog's code is on its way. Escape then cancels the opening (`onCancel`), before any layer
 * under it hears the key: the dialog does not appear once its code arrives, and the sheet it was opened from stays.
 */
export function DialogLoading({ onCancel }: { onCancel?: () => void }) {
  useEffect(() => {
    if (!onCancel) return;
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onCancel();
    };
    window.addEventListener("keydown", cancelOnEscape, { capture: true });
    return () => window.removeEventListener("keydown", cancelOnEscape, { capture: true });
  }, [onCancel]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40"
      data-testid="dialog-loading"
    >
      <span className="flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
        <Loader2 size={16} className="animate-spin" aria-hidden="true" /> Opening…
      </span>
    </div>
  );
}
