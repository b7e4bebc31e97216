import {
  data,
  type AppLoadContext,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";

/** A page that is the same for every signed-out visitor: browsers keep it 5 minutes, the edge an hour. */
export const STATIC_PAGE_CACHE = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
/** A page with live content (/status): short-lived everywhere. */
export const LIVE_PAGE_CACHE = "public, max-age=15, s-maxage=30";

/**
 * Public caching only when the HTML cannot hold anything personal: no signed-in viewer (the root loader
 * puts the current user in every page) and no one-shot toast. Otherwise the page is private.
 */
export function cacheHeaders(context: AppLoadContext, policy = STATIC_PAGE_CACHE): Record<string, string> {
  const personal = context.viewer !== null || context.flashToast !== null;
  return { "Cache-Control": personal ? "private, no-cache" : policy, Vary: "Cookie" };
}

/** A public page's loader answer: what the page needs, the site's origin for Open Graph, and the cache decision. */
export function publicPage<T extends Record<string, unknown>>(
  context: AppLoadContext,
  request: Request,
  payload: T = {} as T,
  policy = STATIC_PAGE_CACHE,
) {
  return data(
    { ...payload, origin: new URL(request.url).origin },
    { headers: cacheHeaders(context, policy) },
  );
}

/** The loader of a page that needs nothing but the origin and the cache decision. */
export const staticPageLoader = ({ request, context }: LoaderFunctionArgs) => publicPage(context, request);

/** Route `headers` export: hands the loader's cache decision to the document response. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  // An action's answer (a sent contact form) is never cached.
  const source = actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
  for (const name of ["Cache-Control", "Vary", "Retry-After"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
