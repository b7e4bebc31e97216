import { createContext, useContext, useState } from "react";

/**
 * The icon sprite's symbols, once, at the top of every page's body: each icon's `<use href="#i-…">` is drawn by
 * the first layout instead of again once a separate sprite file has arrived. Their ids are prefixed so that an
 * icon named "search" or "menu" never meets an element of the page with that id.
 */
export const INLINE_ICON_PREFIX = "i-";

/** The symbols inside icons.svg, their ids prefixed: what the server puts in every page. */
export function inlineSymbolsOf(sprite: string): string {
  return sprite
    .replace(/^\s*<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replaceAll('<symbol id="', `<symbol id="${INLINE_ICON_PREFIX}`);
}

const SymbolsContext = createContext("");
/** The server's: entry.server.tsx gives the symbols; the browser bundle never carries them. */
export const IconSymbolsProvider = SymbolsContext.Provider;

const ID = "icon-symbols";

export function IconSymbols() {
  const fromServer = useContext(SymbolsContext);
  // In the browser the symbols are already in the page: keep what the server sent.
  const [symbols] = useState(
    () =>
      fromServer || (typeof document === "undefined" ? "" : (document.getElementById(ID)?.innerHTML ?? "")),
  );
  return (
    <svg
      id={ID}
      aria-hidden="true"
      width="0"
      height="0"
      className="absolute overflow-hidden"
      dangerouslySetInnerHTML={{ __html: symbols }}
    />
  );
}
