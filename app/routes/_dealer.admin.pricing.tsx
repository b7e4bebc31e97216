import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Pricing · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminPricing() {
  return <ScreenPlaceholder title="Admin · Pricing" willHold={["Plan prices and add-ons"]} />;
}
