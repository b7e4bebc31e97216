import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { linkClass } from "~/components/ui/button";
import { Link, useLoaderData } from "@remix-run/react";
import { DealerDirectory } from "~/components/dealer/dealer-directory";
import { VehicleActivityPanel } from "~/components/dealer/vehicle-activity-panel";
import { dealerAction, loadDirectory } from "~/utils/dealer-directory.server";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Dealer Network · DealerLane" }];

/** Dealer Network: your connections by default, every dealer on the second tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const [directory, activity] = await Promise.all([
    loadDirectory(context, request, { scopes: ["connected", "all"], exclude: ["self"] }),
    context.services.insights.vehicleActivity(viewer.dealer.id),
  ]);
  return { ...directory, activity };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return dealerAction(context, request);
}

export default function DealerNetwork() {
  const data = useLoaderData<typeof loader>();
  return (
    <DealerDirectory
      data={data}
      title="Dealer Network"
      intro="The dealers you are connected with, and everyone else on DealerLane."
      mode="network"
      scopes={[
        { value: "connected", label: "My Connections" },
        { value: "all", label: "All Dealers" },
      ]}
      aside={<VehicleActivityPanel activity={data.activity} />}
      emptyHint={
        data.filters.scope === "connected" ? (
          <Link to="/find-dealers" className={linkClass}>
            Find dealers to connect with
          </Link>
        ) : null
      }
    />
  );
}
