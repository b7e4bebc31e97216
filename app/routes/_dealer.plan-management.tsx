import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Plan Management · DealerLane" }];

export default function PlanManagement() {
  return (
    <ScreenPlaceholder
      title="Plan Management"
      willHold={[
        "Your plan, its features and billing history",
      ]}
    />
  );
}
