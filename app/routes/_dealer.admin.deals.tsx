import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Deals · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminDeals() {
  return (
    <ScreenPlaceholder
      title="Admin · Deals"
      willHold={["Deals awaiting approval, with Approve and Reject"]}
    />
  );
}
