import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Discover · DealerLane" }];

export default function Discover() {
  return (
    <ScreenPlaceholder
      title="Discover"
      willHold={[
        "Dealers worth knowing: same and neighbouring states",
        "Buyers whose requests match your inventory, and sellers with what you are looking for",
      ]}
    />
  );
}
