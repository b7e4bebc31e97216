import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Post · DealerLane" }];

export default function PostScreen() {
  return (
    <ScreenPlaceholder
      title="Post"
      willHold={["The post full screen: vehicles, photos and comments", "Message the dealer or comment on the post"]}
      next={{ to: "/", label: "Back to Feed" }}
    />
  );
}
