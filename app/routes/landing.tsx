import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/public/landing";
import { landingMeta } from "#lib/seo";
import type { RouteHandle } from "~/root";

/**
 * A public page for everyone, signed in or not: server HTML enhanced by public/landing.js, without React
 * (JS budget). Only an error page, which has no landing data, loads the app.
 */
export const handle: RouteHandle = { hydrate: (data) => data === undefined };

export const meta: MetaFunction<typeof loader> = ({ data }) => landingMeta(data?.origin);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    dealerCount: await context.services.publicSite.countDealers(),
    plans: await context.services.subscriptions.plans(),
    origin: new URL(request.url).origin,
  };
}

export default function LandingRoute() {
  const { dealerCount, plans } = useLoaderData<typeof loader>();
  return <Landing dealerCount={dealerCount} plans={plans} />;
}
