import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "My Stats · DealerLane" }];

export default function MyStats() {
  return (
    <ScreenPlaceholder
      title="My Stats"
      willHold={[
        "Views, comments and messages on your posts",
        "Your connections over time",
      ]}
    />
  );
}
