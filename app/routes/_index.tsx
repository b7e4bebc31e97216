import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/public/landing";
import { DealerShell } from "~/components/shell/dealer-shell";
import { HomeFeed } from "~/components/feed/home-feed";
import { landingMeta } from "~/lib/seo";
import { homeFeedAction, loadHomeFeed } from "~/utils/home-feed.server";
import { loadShell } from "~/utils/shell.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? [{ title: "Home · DealerLane" }] : landingMeta(data?.origin);

/** `/` is the landing page signed out and the dealer's feed signed in (business spec §2 route sets). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer) {
    const dealerCount = await context.services.publicSite.countDealers();
    return { signedIn: false as const, dealerCount, origin: new URL(request.url).origin };
  }
  if (!context.viewer.dealer) throw redirect("/onboarding");
  const [shell, feed] = await Promise.all([loadShell(context, request), loadHomeFeed(context, request)]);
  return { signedIn: true as const, shell, feed };
}

/** The feed's form posts (quick post before JavaScript loads, Connect on suggested dealers). */
export async function action({ request, context }: ActionFunctionArgs) {
  return homeFeedAction(context, request);
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing dealerCount={data.dealerCount} />;
  return (
    <DealerShell shell={data.shell}>
      <HomeFeed
        key={`${data.feed.sort}|${data.feed.search}`}
        currentUser={{ id: data.shell.currentUser.id, name: data.shell.currentUser.name, avatar: data.shell.currentUser.avatar }}
        feed={data.feed}
      />
    </DealerShell>
  );
}
