import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Users · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminUsers() {
  return (
    <ScreenPlaceholder
      title="Admin · Users"
      willHold={["Searchable user table with edit, suspend and delete"]}
    />
  );
}
