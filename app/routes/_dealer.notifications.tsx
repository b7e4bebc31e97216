import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Notifications · DealerLane" }];

export default function Notifications() {
  return (
    <ScreenPlaceholder
      title="Notifications"
      willHold={["Deal alerts, new connections and replies to your posts"]}
    />
  );
}
