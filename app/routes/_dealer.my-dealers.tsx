import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { linkClass } from "~/components/ui/button";
import { Link, useLoaderData } from "@remix-run/react";
import { DealerDirectory } from "~/components/dealer/dealer-directory";
import { dealerAction, loadDirectory } from "~/utils/dealer-directory.server";

export const meta: MetaFunction = () => [{ title: "My Dealers · DealerLane" }];

/** My Dealers (mobile menu): your connections, and the dealers you added to the directory. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadDirectory(context, request, { scopes: ["connected", "added"], exclude: ["self"] });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return dealerAction(context, request);
}

export default function MyDealers() {
  const data = useLoaderData<typeof loader>();
  return (
    <DealerDirectory
      data={data}
      title="My Dealers"
      intro="Dealers you are connected with, and dealers you added to the directory."
      mode="network"
      scopes={[
        { value: "connected", label: "Connections" },
        { value: "added", label: "Added by me" },
      ]}
      emptyHint={
        <Link to="/find-dealers" className={linkClass}>
          Find dealers or add one you trade with
        </Link>
      }
    />
  );
}
