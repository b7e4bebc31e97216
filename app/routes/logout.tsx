import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";

/** Sign-out always lands on /login, even if ending the session fails. */
export async function action({ request, context }: ActionFunctionArgs) {
  const from = { ip: context.clientIp, url: request.url, previousToken: context.sessionToken };
  try {
    const { cookie } = await context.services.auth.signOut(from);
    return redirect("/login", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    console.error("Sign-out failed", error);
    return redirect("/login");
  }
}

export const loader = () => redirect("/");
