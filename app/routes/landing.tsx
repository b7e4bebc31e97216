import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/public/landing";
import { landingMeta } from "~/lib/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) => landingMeta(data?.origin);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    dealerCount: await context.services.publicSite.countDealers(),
    origin: new URL(request.url).origin,
  };
}

export default function LandingRoute() {
  const { dealerCount } = useLoaderData<typeof loader>();
  return <Landing dealerCount={dealerCount} />;
}
