import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** The public landing page (business spec §2 "Landing"). */
export function Landing() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-5xl flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-4xl font-bold">The dealer-to-dealer wholesale network</h1>
      <p className="max-w-xl text-slate-600 dark:text-slate-400">
        Post inventory, find what you need, and close wholesale deals with verified dealers.
      </p>
      <div className="flex gap-3">
        <Link to="/login" className={buttonClass("primary")}>
          Start Free Trial
        </Link>
        <Link to="/login" className={buttonClass("secondary")}>
          Login
        </Link>
      </div>
    </main>
  );
}
