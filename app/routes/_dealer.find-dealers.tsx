import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { linkClass } from "~/components/ui/button";
import { Link, useLoaderData } from "@remix-run/react";
import { DealerDirectory } from "~/components/dealer/dealer-directory";
import { dealerAction, loadDirectory } from "~/utils/dealer-directory.server";

export const meta: MetaFunction = () => [{ title: "Find Dealers · DealerLane" }];

/** Find Dealers: everyone except the current dealer and those already connected. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadDirectory(context, request, { exclude: ["self", "connected"] });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return dealerAction(context, request);
}

export default function FindDealers() {
  const data = useLoaderData<typeof loader>();
  return (
    <DealerDirectory
      data={data}
      title="Find Dealers"
      intro="Search the dealer directory, connect in one tap, or add a dealer you already trade with."
      mode="find"
      canCreate
      emptyHint={
        data.filters.name ? (
          <>
            Dealers you are already connected with are not listed here.{" "}
            <Link
              to={`/dealers?scope=connected&name=${encodeURIComponent(data.filters.name)}`}
              className={linkClass}
            >
              Search your connections for “{data.filters.name}”
            </Link>
          </>
        ) : null
      }
    />
  );
}
