import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/public/landing";
import { DealerShell } from "~/components/shell/dealer-shell";
import { buttonClass } from "~/components/ui/button";
import { landingMeta } from "~/lib/seo";
import { loadShell } from "~/utils/shell.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? [{ title: "Page Not Found · DealerLane" }] : landingMeta(data?.origin);

/** Signed out, any unknown path shows the landing page; signed in, it is 'Page Not Found' with a 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer?.dealer) {
    const dealerCount = await context.services.publicSite.countDealers();
    return { signedIn: false as const, dealerCount, origin: new URL(request.url).origin };
  }
  return data({ signedIn: true as const, shell: await loadShell(context, request) }, { status: 404 });
}

export default function UnknownPath() {
  const result = useLoaderData<typeof loader>();
  if (!result.signedIn) return <Landing dealerCount={result.dealerCount} />;
  return (
    <DealerShell shell={result.shell}>
      <section className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-3xl font-bold">Page Not Found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={`${buttonClass("primary")} mt-6`}>
          Back to Home
        </Link>
      </section>
    </DealerShell>
  );
}
