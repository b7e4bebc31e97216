import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { Landing } from "~/components/public/landing";
import { landingMeta } from "#lib/seo";
import type { RouteHandle } from "~/root";
import { loadShell } from "~/utils/shell.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? [{ title: "Page Not Found · DealerLane" }] : landingMeta(data?.origin);

/** The landing shown here is server HTML enhanced by public/landing.js, without React (JS budget). */
export const handle: RouteHandle = {
  hydrate: (data) => (data as { signedIn?: boolean } | undefined)?.signedIn !== false,
};

/** Signed out, any unknown path shows the landing page; signed in, it is 'Page Not Found' with a 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer?.dealer) {
    const [dealerCount, plans] = await Promise.all([
      context.services.publicSite.countDealers(),
      context.services.subscriptions.plans(),
    ]);
    return { signedIn: false as const, dealerCount, plans, origin: new URL(request.url).origin };
  }
  return data({ signedIn: true as const, shell: await loadShell(context, request) }, { status: 404 });
}

const NotFoundInShell = lazy(() => import("~/components/shell/not-found-in-shell"));

export default function UnknownPath() {
  const result = useLoaderData<typeof loader>();
  if (!result.signedIn) return <Landing dealerCount={result.dealerCount} plans={result.plans} />;
  return (
    <Suspense fallback={null}>
      <NotFoundInShell shell={result.shell} />
    </Suspense>
  );
}
