import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Messages · DealerLane" }];

export default function Messages() {
  return (
    <ScreenPlaceholder
      title="Messages"
      willHold={[
        "Live conversations with other dealers",
        "Unread badges, typing indicators and read receipts",
        "Add Chat with any of your connections",
      ]}
    />
  );
}
