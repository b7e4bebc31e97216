import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Admin · Promotions · DealerLane" }];

export default function AdminPromo() {
  return <ScreenPlaceholder title="Admin · Promotions" willHold={["Create, pause and target promotions"]} />;
}
