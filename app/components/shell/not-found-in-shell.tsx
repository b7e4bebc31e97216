import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import type { ShellData } from "~/utils/shell.server";
import { DealerShell } from "./dealer-shell";

/** Signed in, an unknown path: 'Page Not Found' inside the shell. Lazy, like the signed-in home. */
export default function NotFoundInShell({ shell }: { shell: ShellData }) {
  return (
    <DealerShell shell={shell}>
      <section className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-3xl font-bold">Page Not Found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link to="/" className={`${buttonClass("primary")} mt-6`}>
          Back to Home
        </Link>
      </section>
    </DealerShell>
  );
}
