import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Pass Thru Sales · DealerLane" }];

export default function PassThruSales() {
  return (
    <ScreenPlaceholder
      title="Pass Thru Sales"
      willHold={[
        "Deals you confirmed, with commission estimates",
        "New Pass Thru flow and transaction details",
      ]}
    />
  );
}
