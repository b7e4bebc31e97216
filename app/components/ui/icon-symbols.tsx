import { createContext, useContext, useState } from "react";

/**
 * The symbols of the icons a page's server HTML draws, once, after its body: each of those icons is a
 * `<use href="#i-…">` into the page, drawn by the first layout, instead of a reference into the sprite file that
 * the browser draws again once the file has arrived. Only the symbols the page uses travel with it; an icon drawn
 * later in the browser, whose symbol the page lacks, still refers to the sprite file. Their ids are prefixed so
 * that an icon named "search" or "menu" never meets an element of the page with that id.
 */
const PREFIX = "i-";
const ID = "icon-symbols";

/** The server's, per page: every icon's `<symbol>` by id, and those the page has drawn until they are written. */
export type PageIcons = { symbols: ReadonlyMap<string, string>; used: Set<string>; written: boolean };
const PageIconsContext = createContext<PageIcons | null>(null);
/** entry.server.tsx gives each page its own; the browser bundle never carries the symbols. */
export const PageIconsProvider = PageIconsContext.Provider;

/** Each `<symbol>` of the sprite file by its id, prefixed for the page. */
export function symbolsOf(sprite: string): Map<string, string> {
  return new Map(
    [...sprite.matchAll(/<symbol id="([a-z0-9-]+)"[\s\S]*?<\/symbol>/g)].map(([symbol, id]) => [
      id!,
      symbol.replace(`id="${id}"`, `id="${PREFIX}${id}"`),
    ]),
  );
}

let inThisPage: ReadonlySet<string> | null = null;
/** In the browser, the symbols the server put in this document, read once: the page keeps them. */
function symbolsInThisPage(): ReadonlySet<string> {
  inThisPage ??= new Set(
    [...document.querySelectorAll(`#${ID} > symbol`)].map((symbol) => symbol.id.slice(PREFIX.length)),
  );
  return inThisPage;
}

/** The page's own symbol of icon `id`, for a `<use href>`. */
export const inPageHref = (id: string) => `#${PREFIX}${id}`;

/** Whether icon `id` is drawn from the page's own symbol (`#i-{id}`) rather than the sprite file. */
export function useInPageSymbol(id: string): boolean {
  const page = useContext(PageIconsContext);
  if (page) {
    if (page.written || !page.symbols.has(id)) return false;
    page.used.add(id);
    return true;
  }
  return typeof document !== "undefined" && symbolsInThisPage().has(id);
}

/** The symbols the page drew, after its body's content (root.tsx); the browser keeps what the server sent. */
export function PageIconSymbols() {
  const page = useContext(PageIconsContext);
  const [markup] = useState(() => {
    if (!page) return typeof document === "undefined" ? "" : (document.getElementById(ID)?.innerHTML ?? "");
    page.written = true;
    return [...page.used].map((id) => page.symbols.get(id)).join("");
  });
  if (!markup) return null;
  return (
    <svg
      id={ID}
      aria-hidden="true"
      width="0"
      height="0"
      className="absolute overflow-hidden"
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
