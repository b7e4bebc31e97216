/** `npm run icons`: rewrites app/components/ui/icons.svg from the icons app/components/ui/icons.tsx names. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSprite, iconIdsIn } from "./icon-sprite.ts";

const dir = path.resolve(import.meta.dirname, "../app/components/ui");
const ids = iconIdsIn(readFileSync(path.join(dir, "icons.tsx"), "utf8"));
const sprite = buildSprite(ids);
writeFileSync(path.join(dir, "icons.svg"), sprite);
console.log(`app/components/ui/icons.svg: ${ids.length} icons, ${(sprite.length / 1000).toFixed(1)} kB`);
