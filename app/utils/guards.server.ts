import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isAdmin } from "#lib/roles";

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
 * The Remix side of `requireAdmin`, called by the loader and action of every /admin page: signed out → /login
 * like any dealer screen; a dealer who is not an admin gets the 404 'Page Not Found' of an unknown path, so the
 * area is not revealed. Each page calls it itself: a page's data can be requested without its parent's loader.
 */
export function requireAdmin(context: AppLoadContext, request: Request) {
  const signedIn = requireDealer(context, request);
  if (!isAdmin(signedIn.viewer)) throw data(null, { status: 404 });
  return signedIn;
}

export function requireViewer(context: AppLoadContext, request: Request) {
  if (!context.viewer) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return context.viewer;
}
