import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Choose Your Plan · DealerLane" }];

export default function Subscribe() {
  return (
    <ScreenPlaceholder
      title="Choose Your Plan"
      willHold={[
        "Basic $99/month and Premium $149/month plans",
        "Your current subscription and secure card payment",
      ]}
    />
  );
}
