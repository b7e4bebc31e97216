import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Edit Profile · DealerLane" }];

export default function ProfileEdit() {
  return (
    <ScreenPlaceholder
      title="Edit Profile"
      willHold={[
        "Personal, dealership and address details",
        "Profile and dealership photos (maximum 2MB)",
      ]}
    />
  );
}
