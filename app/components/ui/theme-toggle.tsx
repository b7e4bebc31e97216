import { useEffect, useState } from "react";
import { applyTheme, currentTheme, type Theme } from "~/lib/theme";

/**
 * Switches light/dark and remembers it in localStorage under `theme`. On the landing, which React does not
 * hydrate, public/landing.js drives it through `data-theme-toggle`.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const [theme, setTheme] = useState<Theme>("dark");
  useEffect(() => setTheme(currentTheme()), []);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      aria-label={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      data-theme-toggle=""
      className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800 ${className}`}
    >
      <span aria-hidden="true">{theme === "dark" ? "☀" : "☾"}</span>
    </button>
  );
}
