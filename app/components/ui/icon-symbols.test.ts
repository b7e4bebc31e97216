import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageIconSymbols, PageIconsProvider, symbolsOf } from "./icon-symbols";
import { Bell, Menu, X } from "./icons";
import sprite from "./icons.svg?raw";

const symbols = symbolsOf(sprite);
const page = (...children: Parameters<typeof h>[]) =>
  renderToString(
    h(
      PageIconsProvider,
      { value: { symbols, used: new Set<string>(), written: false } },
      ...children.map((child) => h(...child)),
    ),
  );

describe("a page's own icon symbols", () => {
  it("reads every symbol of the sprite file", () => {
    expect(symbols.size).toBe(sprite.split("<symbol ").length - 1);
    expect(symbols.get("bell")).toMatch(/^<symbol id="i-bell" viewBox="0 0 24 24">.*<\/symbol>$/);
  });

  it("carries once each symbol its server HTML draws, and no other", () => {
    const html = page(["div", null, h(Bell), h(Menu), h(Bell)], [PageIconSymbols]);
    expect(html.split('<use href="#i-bell">').length - 1).toBe(2);
    expect(html).toContain('<use href="#i-menu">');
    expect(html.split("<symbol ").length - 1).toBe(2);
    expect(html.split('<symbol id="i-bell"').length - 1).toBe(1);
    expect(html).toContain('<symbol id="i-menu"');
  });

  it("leaves an icon drawn after the symbols to the sprite file", () => {
    const html = page([Bell], [PageIconSymbols], [X]);
    expect(html).toContain('<use href="#i-bell">');
    expect(html).not.toContain('id="i-x"');
    expect(html).toMatch(/<use href="[^"#]+\.svg#x">/);
  });
});
