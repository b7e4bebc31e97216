import type { MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

export const meta: MetaFunction = () => [{ title: "Admin · Users · DealerLane" }];

export default function AdminUsers() {
  return (
    <ScreenPlaceholder
      title="Admin · Users"
      willHold={["Searchable user table with edit, suspend and delete"]}
    />
  );
}
