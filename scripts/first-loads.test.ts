import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * What the phone's main screens fetch before the first tap, read from the client build's Remix manifest: the
 * entry, then each route of the screen with its static imports. zod is a file of its own (scripts/client-chunks.ts),
 * so a schema module pulled in for a constant shows up here as that file.
 */
type ManifestRoute = { module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

// The client build exists only once `npm run build` has run: read from disk.
const assets = new URL("../build/client/assets/", import.meta.url);
const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
const manifestSource = manifestFile ? readFileSync(new URL(manifestFile, assets), "utf8") : "";
// The file is `window.__remixManifest={…};`.
const manifest = JSON.parse(
  manifestSource.slice(manifestSource.indexOf("=") + 1).replace(/;\s*$/, ""),
) as Manifest;

const SCREENS: Record<string, string[]> = {
  "/": ["root", "routes/_index"],
  "/messages": ["root", "routes/_dealer", "routes/_dealer.messages"],
  "/post/{id}": ["root", "routes/_dealer", "routes/_dealer.post.$id"],
};

function firstLoad(routeIds: string[]): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the build's manifest`);
    files.add(route.module);
    route.imports?.forEach((file) => files.add(file));
  }
  return [...files];
}

const isZod = (file: string) => /\/zod-[\w-]+\.js$/.test(file);

describe("the phone's first loads", () => {
  it("names zod's own file, for the pages whose forms do check live", () => {
    const everyImport = Object.values(manifest.routes).flatMap((route) => route.imports ?? []);
    expect(everyImport.some(isZod)).toBe(true);
  });

  for (const [screen, routeIds] of Object.entries(SCREENS))
    it(`${screen} fetches no zod before the first tap`, () => {
      expect(firstLoad(routeIds).filter(isZod)).toEqual([]);
    });
});

// Opened to type, a chat needs neither the deal tools (with the make and model list that reads a deal out of the
// messages) nor the photo compressing and upload code: each comes with the panel or the first file picked.
const isOnDemandForChat = (file: string) => /\/(chat-deal-tools|vin|photo-uploader)-[\w-]+\.js$/.test(file);

// The dialog frame (Radix's dialog, focus trap, scroll lock) is the signed-in-screens file (scripts/client-chunks.ts).
const isDialogFrame = (file: string) => /\/signed-in-screens-[\w-]+\.js$/.test(file);

describe("the chat's first load", () => {
  it("keeps the deal tools and the upload code for when they are asked for", () => {
    const everyFile = readdirSync(assets).map((f) => `/assets/${f}`);
    expect(everyFile.filter(isOnDemandForChat)).toHaveLength(3);
    expect(firstLoad(SCREENS["/messages"] ?? []).filter(isOnDemandForChat)).toEqual([]);
  });

  it("leaves the dialog frame to the first dialog opened, which one's own post draws at once", () => {
    expect(firstLoad(SCREENS["/messages"] ?? []).filter(isDialogFrame)).toEqual([]);
    expect(firstLoad(SCREENS["/post/{id}"] ?? []).filter(isDialogFrame)).toHaveLength(1);
    expect(firstLoad(SCREENS["/"] ?? []).filter(isDialogFrame)).toEqual([]);
  });
});
