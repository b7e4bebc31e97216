import type { AppLoadContext } from "@remix-run/cloudflare";

/** Where a sign-in comes from: what the sign-in flows record, rate-limit by and replace. */
export const signInSource = (context: AppLoadContext, request: Request) => ({
  ip: context.clientIp,
  url: request.url,
  previousToken: context.sessionToken,
  cookieHeader: request.headers.get("Cookie"),
  ...context.client,
});

/** The token of an e-mailed link; opening the link only hands it to the page's form. */
export const linkToken = (request: Request) =>
  (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
