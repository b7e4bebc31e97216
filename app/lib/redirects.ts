import { z } from "zod";

/**
 * The one rule for every in-app redirect target (after sign-in, the confirmation banner's Resend, Google
 * sign-in's return path): a path on this site, else the fallback.
 *
 * Browsers drop tabs and line breaks inside an address and read a backslash as a slash, so `/\t/evil.example`
 * and `/\evil.example` both mean `//evil.example`, another site. A target is therefore kept only when it is
 * printable ASCII without a backslash (no space, no control character, nothing a Location header cannot
 * carry) that starts with exactly one `/`; its path, percent-decoded, must pass the same test, so that a
 * target decoded once more on its way (`/%09/evil.example`) cannot turn into one either.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !isSitePath(to, /^[\x21-\x5b\x5d-\x7e]+$/)) return fallback;
  const path = to.replace(/[?#].*$/s, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fallback;
  }
  return isSitePath(decoded, /^[^\\\s\p{Cc}\p{Cf}]+$/u) ? to : fallback;
}

/** Starts with one `/` (so no scheme and no `//`) and every character is one `allowed` accepts. */
const isSitePath = (to: string, allowed: RegExp) =>
  to.startsWith("/") && !to.startsWith("//") && allowed.test(to);

/** A form's redirect target as a schema field: what was sent passes `safeRedirect`, anything else is "/". */
export const sitePathSchema = z
  .string()
  .optional()
  .catch(undefined)
  .transform((to) => safeRedirect(to));
