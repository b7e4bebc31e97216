import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { DealerShell } from "~/components/shell/dealer-shell";
import { loadShell } from "~/utils/shell.server";

/** Every signed-in dealer screen renders inside the shell; signed out → /login, no profile → onboarding. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadShell(context, request);
}

/**
 * The shell's unread count and panels stay current through the live inbox, so moving within one screen
 * (its filters in the query, a #fragment) does not reload them; another screen or a form post does.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export default function DealerLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <DealerShell shell={shell}>
      <Outlet />
    </DealerShell>
  );
}
