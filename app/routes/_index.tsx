import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { lazy, Suspense } from "react";
import SignedInHome from "~/components/feed/signed-in-home";
import { Landing as LandingOnTheServer } from "~/components/public/landing";
import { landingMeta } from "#lib/seo";
import type { RouteHandle } from "~/root";
import { homeFeedAction, loadHomeFeed } from "~/utils/home-feed.server";
import { cacheHeaders, publicPageHeaders } from "~/utils/public-cache.server";
import { loadShell } from "~/utils/shell.server";

const LANDING_CACHE = "public, max-age=0, s-maxage=60";
export const headers = publicPageHeaders;

/** Signed out, `/` is the landing: server HTML enhanced by public/landing.js, without React (JS budget). */
export const handle: RouteHandle = {
  hydrate: (data) => (data as { signedIn?: boolean } | undefined)?.signedIn !== false,
};

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? [{ title: "Home · DealerLane" }] : landingMeta(data?.origin);

/** `/` is the landing page signed out and the dealer's feed signed in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer) {
    const [dealerCount, plans] = await Promise.all([
      context.services.publicSite.countDealers(),
      context.services.subscriptions.plans(),
    ]);
    // The landing is the same for every signed-out visitor: the edge keeps it a minute (dealer counter).
    return data(
      { signedIn: false as const, dealerCount, plans, origin: new URL(request.url).origin },
      { headers: cacheHeaders(context, LANDING_CACHE) },
    );
  }
  if (!context.viewer.dealer) throw redirect("/onboarding");
  const [shell, feed] = await Promise.all([loadShell(context, request), loadHomeFeed(context, request)]);
  return { signedIn: true as const, shell, feed };
}

/** The feed's form posts (quick post before JavaScript loads, Connect on suggested dealers). */
export async function action({ request, context }: ActionFunctionArgs) {
  return homeFeedAction(context, request);
}

/**
 * The landing's code reaches the browser only when React renders it there (an in-app navigation to `/` signed
 * out; a signed-out visit is server HTML without React): a dealer's home never downloads it. The server renders
 * it directly, so a signed-out page never waits on a lazy import.
 */
const loadLanding = () => import("~/components/public/landing");
const Landing = import.meta.env.SSR
  ? LandingOnTheServer
  : lazy(() => loadLanding().then((module) => ({ default: module.Landing })));

/** On navigations inside the app, the landing's code arrives before the page renders: no fallback flash. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const result = await serverLoader<typeof loader>();
  if (!result.signedIn) await loadLanding();
  return result;
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.signedIn) return <SignedInHome shell={data.shell} feed={data.feed} />;
  return (
    <Suspense fallback={<p className="p-6 text-center text-sm text-slate-500">Loading…</p>}>
      <Landing dealerCount={data.dealerCount} plans={data.plans} />
    </Suspense>
  );
}
