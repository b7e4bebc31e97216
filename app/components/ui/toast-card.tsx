import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type AnimationEvent, type PointerEvent, type RefObject } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "#lib/constants";
import type { ShownToast } from "#lib/toast";

/** How far a finger (or the mouse) moves before a press becomes a swipe rather than a tap. */
const SWIPE_START_PX = { touch: 10, other: 2 };

/**
 * The toast showing: it closes after `TOAST_DURATION_MS`, held while the pointer rests on it, focus is in it or
 * the window is in the background; a swipe right past `TOAST_SWIPE_THRESHOLD_PX`, its Close button, or Escape
 * from inside it close it sooner. `onClose` must keep its identity.
 */
export function ToastCard({ toast, onClose }: { toast: ShownToast; onClose: () => void }) {
  const card = useRef<HTMLLIElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [away, setAway] = useState(false);
  const left = useRef(TOAST_DURATION_MS);
  const paused = hovered || focused || away;

  useEffect(() => {
    const hide = () => setAway(true);
    const show = () => setAway(false);
    window.addEventListener("blur", hide);
    window.addEventListener("focus", show);
    return () => {
      window.removeEventListener("blur", hide);
      window.removeEventListener("focus", show);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(onClose, left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, onClose]);

  const swipe = useSwipe(card, onClose);
  const destructive = toast.variant === "destructive";
  return (
    <li
      ref={card}
      role="status"
      aria-live="off"
      aria-atomic="true"
      tabIndex={0}
      data-testid="toast"
      data-toast=""
      data-state="open"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      {...swipe}
      // Above a modal dialog, which turns off pointer events on the rest of the page.
      style={{ pointerEvents: "auto" }}
      className={`toast-root grid touch-none grid-cols-[1fr_auto] gap-x-3 rounded-lg border px-3 py-2 text-sm shadow-lg select-none sm:p-4 sm:text-base ${
        destructive
          ? "border-red-700 bg-red-900 text-red-50"
          : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-50"
      }`}
    >
      <div className="font-semibold">{toast.title}</div>
      {toast.description ? <div className="col-start-1 text-sm opacity-90">{toast.description}</div> : null}
      {toast.action ? (
        <Link
          to={toast.action.to}
          onClick={onClose}
          className="col-start-1 mt-2 justify-self-start rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {toast.action.label}
        </Link>
      ) : null}
      <button
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="col-start-2 row-span-2 row-start-1 self-start rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </li>
  );
}

/**
 * Swipe right to close: the card follows the finger, and past the threshold slides out (`toast-out` in
 * tailwind.css) before it closes; short of it, it springs back. The card holds the pointer from the swipe's
 * start, so the click that ends it lands on the card, not on its Close button or link.
 */
function useSwipe(card: RefObject<HTMLLIElement>, onClose: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const moved = useRef(0);
  const set = (state: string | null, x = 0) => {
    const element = card.current;
    if (!element) return;
    if (state) element.dataset.swipe = state;
    else delete element.dataset.swipe;
    element.style.setProperty("--toast-swipe-x", `${x}px`);
  };
  return {
    onPointerDown(event: PointerEvent) {
      if (event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      moved.current = 0;
    },
    onPointerMove(event: PointerEvent) {
      if (!start.current) return;
      const x = event.clientX - start.current.x;
      const y = event.clientY - start.current.y;
      const buffer = event.pointerType === "touch" ? SWIPE_START_PX.touch : SWIPE_START_PX.other;
      if (!moved.current && (Math.abs(x) < buffer || Math.abs(y) > Math.abs(x))) {
        // A press that moves up or down first is not a swipe.
        if (Math.abs(y) > buffer) start.current = null;
        return;
      }
      if (!moved.current) card.current?.setPointerCapture(event.pointerId);
      moved.current = Math.max(0, x);
      set("move", moved.current);
    },
    onPointerUp(event: PointerEvent) {
      const swiped = moved.current;
      start.current = null;
      moved.current = 0;
      if (!swiped) return;
      const element = card.current;
      if (element?.hasPointerCapture(event.pointerId)) element.releasePointerCapture(event.pointerId);
      if (swiped < TOAST_SWIPE_THRESHOLD_PX) return set(null);
      set("end", swiped);
      // Where motion is off there is no slide to wait for.
      if (!element?.getAnimations().length) onClose();
    },
    onPointerCancel() {
      start.current = null;
      moved.current = 0;
      set(null);
    },
    onAnimationEnd(event: AnimationEvent) {
      if (event.animationName === "toast-out") onClose();
    },
  };
}
