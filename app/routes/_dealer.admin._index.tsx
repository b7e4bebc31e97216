import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function Admin() {
  return (
    <ScreenPlaceholder
      title="Admin"
      willHold={["Revenue statistics and links to users, deals, promotions and pricing"]}
    />
  );
}
