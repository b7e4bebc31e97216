import { Link } from "@remix-run/react";
import { SUPPORT } from "#lib/constants";

/**
 * /login after a suspended account tried to sign in (by password or with Google): what happened and how to
 * reach support, kept on the page rather than in a toast that goes away.
 */
export function SuspendedNotice() {
  return (
    <div
      role="alert"
      data-testid="suspended-notice"
      className="mb-6 rounded-md border border-red-500/40 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-100"
    >
      <p className="font-semibold">This account is suspended.</p>
      <p className="mt-1">
        You can&apos;t sign in to it for now. If you think this is a mistake, e-mail{" "}
        <a href={`mailto:${SUPPORT.email}`} className="font-medium underline">
          {SUPPORT.email}
        </a>{" "}
        or write to us on the{" "}
        <Link to="/contact" className="font-medium underline">
          contact page
        </Link>
        .
      </p>
    </div>
  );
}
