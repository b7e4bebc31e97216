/*
 * DealerLane service worker: makes the web app installable and keeps the shell available offline.
 * - Precaches the offline page, the manifest and the icons. Never a page: the signed-out landing fetched here
 *   would sit in the browser's cache under `/`, the signed-in dealer's home address.
 * - Page navigations: network first (pages are personal and live), the offline page when there is no network.
 * - /assets/*: cache first; their names carry a content hash, so they never change.
 * - /api/*, /parties/* and everything else: never cached, straight to the network.
 * Bump VERSION to drop old caches.
 */
const VERSION = "v2";
const SHELL_CACHE = `dealerlane-shell-${VERSION}`;
const ASSET_CACHE = `dealerlane-assets-${VERSION}`;
// Workers assets serve public/offline.html at /offline (their HTML handling drops the extension).
const OFFLINE_URL = "/offline";
const PRECACHE = [OFFLINE_URL, "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"];
const MAX_ASSETS = 80;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) =>
        cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload", credentials: "omit" }))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("dealerlane-") && k !== SHELL_CACHE && k !== ASSET_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

async function assetFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trimAssets();
  }
  return response;
}

async function pageNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.open(SHELL_CACHE);
    return (
      (await shell.match(OFFLINE_URL)) ??
      new Response("You are offline.", { status: 503, headers: { "Content-Type": "text/plain" } })
    );
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/parties/")) return;
  if (request.mode === "navigate") {
    event.respondWith(pageNetworkFirst(request));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(assetFirst(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  }
});
