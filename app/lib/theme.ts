export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";

/**
 * Runs inline in <head> before first paint: applies the remembered theme (dark by default),
 * so the page never flashes the wrong one.
 */
export const themeBootScript = `(function(){var t="dark";try{var s=localStorage.getItem("${THEME_STORAGE_KEY}");if(s==="light"||s==="dark")t=s}catch(e){}var d=document.documentElement;d.classList.toggle("dark",t==="dark");d.style.colorScheme=t})()`;

export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Calls `onChange` whenever the document's theme changes, whoever changed it. */
export function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the theme still applies for this page.
  }
}
