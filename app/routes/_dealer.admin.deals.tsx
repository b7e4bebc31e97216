import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Admin · Deals · DealerLane" }];

export default function AdminDeals() {
  return (
    <ScreenPlaceholder
      title="Admin · Deals"
      willHold={["Deals awaiting approval, with Approve and Reject"]}
    />
  );
}
