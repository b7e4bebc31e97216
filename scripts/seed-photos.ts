/// <reference types="node" />
/**
 * The demo network's pictures (worker/demo/photos.ts says which and where): one drawing per vehicle
 * (scripts/vehicle-illustration.ts), rendered to PNG and stored in the local R2 bucket. PNG, not SVG: the photo
 * store keeps only the image types an upload may be (app/lib/image-type.ts), none of which can carry script.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DemoPhoto } from "../worker/demo/photos.ts";
import { vehicleIllustration } from "./vehicle-illustration.ts";

/** PNGs already drawn, by the hash of their SVG: seeding again (each end-to-end run does) skips the drawing. */
const CACHE_DIR = path.join(".cache", "demo-pictures");

/**
 * A regular and a bold sans-serif where the usual systems keep them (Debian, macOS, Windows): reading two files is
 * faster than resvg scanning every system font for each picture. Elsewhere it scans.
 */
const FONT_PAIRS = [
  ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
  ["/System/Library/Fonts/Supplemental/Arial.ttf", "/System/Library/Fonts/Supplemental/Arial Bold.ttf"],
  ["C:\\Windows\\Fonts\\arial.ttf", "C:\\Windows\\Fonts\\arialbd.ttf"],
] as const;

function fontOptions() {
  const pair = FONT_PAIRS.find((files) => files.every((file) => existsSync(file)));
  return pair ? { loadSystemFonts: false, fontFiles: [...pair] } : { loadSystemFonts: true };
}

function renderer(root: string) {
  const cache = path.join(root, CACHE_DIR);
  mkdirSync(cache, { recursive: true });
  const font = fontOptions();
  return async (svg: string): Promise<Uint8Array> => {
    const file = path.join(cache, `${createHash("sha256").update(svg).digest("hex").slice(0, 32)}.png`);
    try {
      return readFileSync(file);
    } catch {
      const { Resvg } = await import("@resvg/resvg-js");
      const png = new Resvg(svg, { font }).render().asPng();
      writeFileSync(file, png);
      return png;
    }
  };
}

/** Puts in flight at once: the local bucket takes them in parallel. */
const PUTS_AT_ONCE = 25;

/** Draws the pictures and puts them in the local PHOTOS bucket. Answers the bytes stored. */
export async function storeDemoPhotos(
  bucket: R2Bucket,
  photos: readonly DemoPhoto[],
  root: string,
): Promise<number> {
  const render = renderer(root);
  let bytes = 0;
  for (let i = 0; i < photos.length; i += PUTS_AT_ONCE) {
    const batch = photos.slice(i, i + PUTS_AT_ONCE);
    const pngs: Uint8Array[] = [];
    for (const photo of batch) pngs.push(await render(vehicleIllustration(photo.vehicle, photo.body)));
    await Promise.all(
      batch.map((photo, j) => {
        bytes += pngs[j]!.byteLength;
        return bucket.put(photo.path.replace(/^\/objects\//, ""), pngs[j]!, {
          httpMetadata: { contentType: "image/png", cacheControl: "public, max-age=31536000, immutable" },
        });
      }),
    );
  }
  return bytes;
}
