import { createMiddleware } from "hono/factory";
import { isLocalHost } from "#lib/cookies";
import { CALL_PAGES } from "#lib/realtime-limits";
import type { AppEnv } from "./types";

/** `stripe`: Stripe.js and its Payment Element frames (only where Stripe is configured: /subscribe pays with them). */
export function contentSecurityPolicy(nonce: string, options: { stripe?: boolean } = {}): string {
  const stripe = options.stripe;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe ? " https://js.stripe.com" : ""}`,
    ...(stripe ? ["frame-src https://js.stripe.com https://hooks.stripe.com"] : []),
    // Radix positions popovers with inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Calls happen on /messages only (the popup's call buttons lead there): camera and microphone for our own origin there, nowhere else. */
function permissionsPolicyFor(pathname: string): string {
  const media = CALL_PAGES.includes(pathname) ? "(self)" : "()";
  return `camera=${media}, microphone=${media}, geolocation=()`;
}

/** Every response the worker makes carries these; static files get theirs from public/_headers. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  c.set("nonce", nonce);
  await next();
  // A socket upgrade answers with its own 101; re-wrapping it would drop the socket.
  if (c.res.status === 101) return;
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    // Responses from fetch(), R2 or the cache can have immutable headers; copy before touching them.
    c.res = new Response(c.res.body, c.res);
  }
  // A page served from the edge cache keeps the policy whose nonce its HTML carries.
  if (!c.res.headers.has("Content-Security-Policy")) {
    const stripe = Boolean(
      (c.env as { STRIPE_PUBLISHABLE_KEY?: string } | undefined)?.STRIPE_PUBLISHABLE_KEY,
    );
    c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, { stripe }));
  }
  c.res.headers.set("X-Content-Type-Options", "nosniff");
  c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  c.res.headers.set("X-Frame-Options", "DENY");
  c.res.headers.set("Permissions-Policy", permissionsPolicyFor(new URL(c.req.url).pathname));
  if (!isLocalHost(new URL(c.req.url).hostname)) {
    c.res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
});
