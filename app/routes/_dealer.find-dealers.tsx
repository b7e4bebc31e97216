import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Find Dealers · DealerLane" }];

export default function FindDealers() {
  return (
    <ScreenPlaceholder
      title="Find Dealers"
      willHold={[
        "Search the whole dealer directory by name or dealership",
        "Filters by state, dealership type and Canadian buying; sort by name, rating or connections",
        "Connect with a dealer in one tap, and add dealers you trade with off-platform",
      ]}
    />
  );
}
