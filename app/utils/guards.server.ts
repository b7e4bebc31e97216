import { redirect, type AppLoadContext } from "@remix-run/cloudflare";

/**
 * The Remix side of `requireDealer`: signed out → /login (coming back here after), signed in without
 * a dealer profile → onboarding step 1.
 */
export function requireDealer(context: AppLoadContext, request: Request) {
  const { viewer, currentUser } = context;
  if (!viewer || !currentUser) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!viewer.dealer) throw redirect("/onboarding");
  return { viewer: { ...viewer, dealer: viewer.dealer }, currentUser };
}

/**
 * The Remix side of `requireAdmin`: a dealer (or anyone not an admin) gets 'Page Not Found' (404), as for any
 * unknown signed-in path, so admin pages do not even show that they exist. Signed out → /login.
 */
export function requireAdmin(context: AppLoadContext, request: Request) {
  const signedIn = requireDealer(context, request);
  if (signedIn.viewer.role !== "admin") throw new Response("Not Found", { status: 404 });
  return signedIn;
}

export function requireViewer(context: AppLoadContext, request: Request) {
  if (!context.viewer) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return context.viewer;
}

/** Only same-site paths: never bounce a dealer to another site after sign-in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  return to;
}
