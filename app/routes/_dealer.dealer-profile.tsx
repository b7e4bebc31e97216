import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "My Profile · DealerLane" }];

export default function DealerProfile() {
  return (
    <ScreenPlaceholder
      title="My Profile"
      willHold={[
        "Your dealership profile as other dealers see it",
        "Your activity, statistics and reviews",
      ]}
    />
  );
}
