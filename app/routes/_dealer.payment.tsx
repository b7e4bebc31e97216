import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Payment · DealerLane" }];

export default function Payment() {
  return <ScreenPlaceholder title="Payment" willHold={["Secure card payment for your DealerLane plan"]} />;
}
