import { useSyncExternalStore } from "react";
import { applyTheme, currentTheme, subscribeTheme, type Theme } from "#lib/theme";
import { Moon, Sun } from "./icons";

const serverTheme = (): Theme => "dark";

/**
 * Switches light/dark and remembers it in localStorage under `theme`. Every toggle on the page (the header's,
 * the one in /settings) follows the document's theme, so changing it in one place shows in all at once; the
 * icon itself follows the `dark` class by CSS, right from the first paint. On the landing, which React does
 * not hydrate, public/landing.js drives it through `data-theme-toggle`.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, serverTheme);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => applyTheme(next)}
      aria-label={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      data-theme-toggle=""
      className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800 ${className}`}
    >
      <Moon size={20} className="dark:hidden" />
      <Sun size={20} className="hidden dark:block" />
    </button>
  );
}
