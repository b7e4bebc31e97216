import type { ShellData } from "~/utils/shell.server";
import { DealerShell } from "./dealer-shell";
import { PageNotFound } from "./page-not-found";

/** Signed in, an unknown path: 'Page Not Found' inside the shell. Lazy, like the signed-in home. */
export default function NotFoundInShell({ shell }: { shell: ShellData }) {
  return (
    <DealerShell shell={shell}>
      <PageNotFound />
    </DealerShell>
  );
}
