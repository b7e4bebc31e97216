import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * False while rendering on the server and during the browser's hydrating render, true in every render after
 * (and in every render of a page reached by a client-side navigation). For parts that only work with
 * JavaScript (tooltips, a menu's dialog): the server skips them and they join once the page is live.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/** Whether a media query matches: null on the server and while hydrating, then following every change. */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
