import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Admin · Pricing · DealerLane" }];

export default function AdminPricing() {
  return <ScreenPlaceholder title="Admin · Pricing" willHold={["Plan prices and add-ons"]} />;
}
