import { describe, expect, it } from "vitest";
import { buildSprite, iconIdsIn } from "../../../scripts/icon-sprite";
import sprite from "./icons.svg?raw";
import source from "./icons.tsx?raw";

describe("the icon sprite", () => {
  const ids = iconIdsIn(source);

  it("is exactly what icons.tsx names, drawn by lucide-react (run `npm run icons` after a change)", () => {
    expect(ids.length).toBeGreaterThan(10);
    expect(sprite).toBe(buildSprite(ids));
  });

  it("declares every icon once", () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(sprite.split(`<symbol id="${id}"`).length - 1, id).toBe(1);
  });
});
