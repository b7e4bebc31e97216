import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { PageNotFound } from "~/components/shell/page-not-found";
import { requireAdmin } from "~/utils/guards.server";

/** Anyone but an admin sees the title an unknown path has; an admin sees each page's own. */
export const meta: MetaFunction = ({ error }) => (error ? [{ title: "Page Not Found · DealerLane" }] : []);

/** /admin and everything under it: admins only (app/utils/guards.server.ts `requireAdmin`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminArea() {
  return <Outlet />;
}

/** Inside the shell: a dealer's 404 here looks exactly like an unknown path; anything else goes up to the root. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  throw error;
}
