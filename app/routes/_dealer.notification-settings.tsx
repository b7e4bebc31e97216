import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Notification Settings · DealerLane" }];

export default function NotificationSettings() {
  return (
    <ScreenPlaceholder
      title="Notification Settings"
      willHold={[
        "SMS and e-mail alerts for deals, price drops, auctions and confirmations",
        "Test buttons for each channel",
      ]}
    />
  );
}
