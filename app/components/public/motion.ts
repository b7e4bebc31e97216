import { useMediaQuery } from "~/components/ui/use-hydrated";

const REDUCED = "(prefers-reduced-motion: reduce)";

/** True when the visitor asked their system for less motion. Always false on the server. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(REDUCED).matches;
}

/**
 * False on the server and during hydration, then whether animations may run: the server HTML always
 * shows the final, still state; motion is only ever added in the browser.
 */
export const useMotionAllowed = (): boolean => useMediaQuery(REDUCED) === false;
