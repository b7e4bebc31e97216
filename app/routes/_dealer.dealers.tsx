import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Dealer Network · DealerLane" }];

export default function Dealers() {
  return (
    <ScreenPlaceholder
      title="Dealer Network"
      willHold={[
        "Your connections, with mutual connections and ratings",
        "Connect / Connected toggles that really change your network",
        "My Vehicle Activity computed from your own posts",
      ]}
    />
  );
}
