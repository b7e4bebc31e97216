/** A one-shot toast carried across a redirect in a short-lived cookie; the worker reads and clears it. */
export const TOAST_COOKIE = "dl_toast";

export type FlashToast = { title: string; description?: string };

function attributes(requestUrl: string, maxAge: number) {
  const url = new URL(requestUrl);
  const local = url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return `Path=/; SameSite=Lax; HttpOnly; Max-Age=${maxAge}${local ? "" : "; Secure"}`;
}

export const toastCookie = (toast: FlashToast, requestUrl: string) =>
  `${TOAST_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}; ${attributes(requestUrl, 60)}`;

export const clearToastCookie = (requestUrl: string) => `${TOAST_COOKIE}=; ${attributes(requestUrl, 0)}`;

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
