import { serializeCookie } from "#lib/cookies";

/** A one-shot toast carried across a redirect in a short-lived cookie; the worker reads and clears it. */
export const TOAST_COOKIE = "dl_toast";

export type FlashToast = { title: string; description?: string };

export const toastCookie = (toast: FlashToast, requestUrl: string) =>
  serializeCookie(TOAST_COOKIE, encodeURIComponent(JSON.stringify(toast)), requestUrl, 60);

export const clearToastCookie = (requestUrl: string) => serializeCookie(TOAST_COOKIE, "", requestUrl, 0);

export function parseFlashToast(raw: string | undefined): FlashToast | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!parsed || typeof parsed !== "object") return null;
    const { title, description } = parsed as { title?: unknown; description?: unknown };
    if (typeof title !== "string") return null;
    return {
      title: title.slice(0, 120),
      description: typeof description === "string" ? description.slice(0, 300) : undefined,
    };
  } catch {
    return null;
  }
}
