import { redirect } from "@remix-run/cloudflare";
import { toastCookie, type FlashToast } from "~/lib/flash-toast";

/** A redirect that shows a toast on the page it lands on, plus any other cookies to set. */
export function redirectWithToast(to: string, toast: FlashToast, request: Request, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of [...cookies, toastCookie(toast, request.url)]) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}
