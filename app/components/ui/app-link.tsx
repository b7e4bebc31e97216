import { PrefetchPageLinks, useNavigate } from "@remix-run/react";
import { forwardRef, useEffect, useRef, useState, type AnchorHTMLAttributes, type MouseEvent } from "react";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A page of this app, as an absolute path ("/messages", "/post/…"). */
  to: `/${string}`;
  /** "intent": the page's code and data load while the pointer rests on the link, as Remix's <Link>. */
  prefetch?: "intent" | "none";
};

/** How long the pointer rests before an intent prefetch starts (Remix's <Link> waits as long). */
const INTENT_DELAY_MS = 100;

/**
 * A link to a page of this app, for the links every page draws by the dozen (the menus, the bottom bar, the
 * header, post titles). Remix's <Link> resolves its path against the matched routes three times on every render;
 * these paths are absolute, so this one does what a dealer sees of <Link> and nothing else: a plain click (main
 * button, no modifier key, same tab) moves within the app without reloading, and replaces the entry when it
 * leads to the page already shown; it marks itself for Remix's route discovery (`data-discover`); with
 * `prefetch="intent"` it loads the page ahead on hover, focus or touch.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  {
    to,
    prefetch = "none",
    onClick,
    onMouseEnter,
    onMouseLeave,
    onFocus,
    onBlur,
    onTouchStart,
    target,
    ...rest
  },
  ref,
) {
  const navigate = useNavigate();
  const [prefetching, setPrefetching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const intend = (now: boolean) => {
    if (prefetch !== "intent" || prefetching) return;
    if (now) setPrefetching(true);
    else timer.current = setTimeout(() => setPrefetching(true), INTENT_DELAY_MS);
  };
  const giveUp = () => {
    clearTimeout(timer.current ?? undefined);
    setPrefetching(false);
  };

  return (
    <>
      <a
        {...rest}
        ref={ref}
        href={to}
        target={target}
        data-discover="true"
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          onClick?.(event);
          if (event.defaultPrevented || !plainClick(event, target)) return;
          event.preventDefault();
          const here = window.location.pathname + window.location.search + window.location.hash;
          navigate(to, { replace: here === to });
        }}
        onMouseEnter={after(onMouseEnter, () => intend(false))}
        onMouseLeave={after(onMouseLeave, giveUp)}
        onFocus={after(onFocus, () => intend(false))}
        onBlur={after(onBlur, giveUp)}
        onTouchStart={after(onTouchStart, () => intend(true))}
      />
      {prefetching ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
});

/** The caller's handler (a tooltip's, say), then this link's own. */
function after<Event>(theirs: ((event: Event) => void) | undefined, ours: () => void) {
  return (event: Event) => {
    theirs?.(event);
    ours();
  };
}

/** A click the app handles itself: the main button, no modifier key, and no other tab or window. */
function plainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
