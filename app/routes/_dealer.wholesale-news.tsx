import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Wholesale News · DealerLane" }];

export default function WholesaleNews() {
  return (
    <ScreenPlaceholder
      title="Wholesale News"
      willHold={["Market news for wholesale dealers: auctions, values and trends"]}
    />
  );
}
