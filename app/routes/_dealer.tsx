import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DealerShell } from "~/components/shell/dealer-shell";
import { loadShell } from "~/utils/shell.server";

/** Every signed-in dealer screen renders inside the shell; signed out → /login, no profile → onboarding. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadShell(context, request);
}

export default function DealerLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <DealerShell shell={shell}>
      <Outlet />
    </DealerShell>
  );
}
