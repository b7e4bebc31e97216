/*
 * DealerLane service worker: makes the web app installable and keeps the shell available offline.
 * - Precaches the offline page, the manifest and the icons. Never a page: the signed-out landing fetched here
 *   would sit in the browser's cache under `/`, the signed-in dealer's home address.
 * - Page navigations: network first (pages are personal and live), the offline page when there is no network.
 *   Navigation preload asks for the page while the worker starts, so an installed app's page costs no more
 *   than an uninstalled one's.
 * - /assets/*: cache first; their names carry a content hash, so they never change.
 * - /api/*, /parties/* and everything else: never cached, straight to the network.
 * - Web Push: a push (JSON `{title, body, url, tag}`, app/lib/schemas/push.ts) shows a notification; a tap opens
 *   its screen in a DealerLane window already open when there is one, else in a new one.
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
      .then(() => self.registration.navigationPreload?.enable())
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

async function pageNetworkFirst(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
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
    event.respondWith(pageNetworkFirst(event));
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

const ICON = "/icons/icon-192.png";

/** The push's JSON; a push that is not (an old format, a test from a push console) still says something. */
function pushMessage(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === "string" && data.title ? data.title : "DealerLane",
      body: typeof data.body === "string" ? data.body : "",
      url: typeof data.url === "string" ? data.url : "/notifications",
      tag: typeof data.tag === "string" ? data.tag : undefined,
    };
  } catch {
    return { title: "DealerLane", body: event.data ? event.data.text() : "", url: "/notifications" };
  }
}

self.addEventListener("push", (event) => {
  const message = pushMessage(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: ICON,
      badge: ICON,
      data: { url: message.url },
    }),
  );
});

/** Only our own screens open from a notification: another site's address falls back to the bell. */
function screenOf(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/notifications`;
  } catch {
    return `${self.location.origin}/notifications`;
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = screenOf(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        return (focused ?? open).navigate(url).catch(() => self.clients.openWindow(url));
      }
      return self.clients.openWindow(url);
    }),
  );
});
