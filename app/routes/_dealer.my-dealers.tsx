import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "My Dealers · DealerLane" }];

export default function MyDealers() {
  return (
    <ScreenPlaceholder
      title="My Dealers"
      willHold={[
        "The dealers you are connected to",
        "Quick ways to message them or see their inventory",
      ]}
    />
  );
}
