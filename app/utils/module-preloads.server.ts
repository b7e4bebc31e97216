import type { EntryContext } from "@remix-run/cloudflare";

/**
 * The installed app's worker asks for a page through navigation preload, with this header; its scripts are then in
 * the worker's cache already.
 */
const FROM_INSTALLED_APP = "Service-Worker-Navigation-Preload";

/**
 * A `Link` header naming the page's scripts (the client entry, each matched route's module and its imports), for a
 * page the installed app asks for. The same list ends the page's body, where the browser finds it only once the
 * main thread, busy drawing the page, gets to it (300–400 ms after the HTML's last byte on a slow phone); named
 * in the headers, the scripts come out of the worker's cache and compile while the page is parsed. A first visit
 * does not get it: there the scripts would take the connection from the stylesheet the first paint waits for.
 */
export function modulePreloads(request: Request, context: EntryContext): string | null {
  if (!request.headers.has(FROM_INSTALLED_APP)) return null;
  const { manifest, staticHandlerContext } = context;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files].map((file) => `<${file}>; rel=modulepreload`).join(", ");
}
