import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Admin · DealerLane" }];

export default function Admin() {
  return (
    <ScreenPlaceholder
      title="Admin"
      willHold={["Revenue statistics and links to users, deals, promotions and pricing"]}
    />
  );
}
