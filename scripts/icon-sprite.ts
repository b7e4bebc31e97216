/**
 * The icon sprite's builder (app/components/ui/icons.svg): one <symbol> per icon that
 * app/components/ui/icons.tsx names, drawn from lucide-react. Pure: scripts/write-icon-sprite.ts writes
 * the file, app/components/ui/icons.test.ts checks that the committed file is what this builds.
 */
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** The ids `spriteIcon("…")` declares in icons.tsx, in order. */
export function iconIdsIn(source: string): string[] {
  return [...source.matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)].map((m) => m[1]!);
}

/** "bar-chart-3" → "BarChart3", the lucide-react export that draws it. */
const lucideExportOf = (id: string) =>
  id
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** The drawing inside Lucide's <svg> for one icon. */
function drawingOf(id: string): string {
  const component = (lucide as unknown as Record<string, ComponentType | undefined>)[lucideExportOf(id)];
  if (!component) throw new Error(`lucide-react has no icon ${lucideExportOf(id)} (id "${id}")`);
  const markup = renderToStaticMarkup(createElement(component));
  const match = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`Unexpected markup for ${id}: ${markup.slice(0, 80)}`);
  return match[1]!;
}

export function buildSprite(ids: string[]): string {
  const symbols = [...new Set(ids)].map(
    (id) => `<symbol id="${id}" viewBox="0 0 24 24">${drawingOf(id)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
