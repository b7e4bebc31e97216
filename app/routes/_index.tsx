import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/public/landing";
import { DealerShell } from "~/components/shell/dealer-shell";
import { HomeFeed } from "~/components/feed/home-feed";
import { loadShell } from "~/utils/shell.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn
    ? [{ title: "Home · DealerLane" }]
    : [
        { title: "DealerLane — the dealer-to-dealer wholesale vehicle network" },
        { name: "description", content: "Post inventory, find vehicles and close wholesale deals with verified dealers across the US and Canada." },
      ];

/** `/` is the landing page signed out and the dealer's feed signed in (business spec §2 route sets). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer) return { signedIn: false as const };
  if (!context.viewer.dealer) throw redirect("/onboarding");
  return { signedIn: true as const, shell: await loadShell(context, request) };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing />;
  return (
    <DealerShell shell={data.shell}>
      <HomeFeed />
    </DealerShell>
  );
}
