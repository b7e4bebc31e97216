import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** 'Page Not Found' (business spec §8) inside the dealer shell: unknown paths and admin pages for dealers. */
export function PageNotFound() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <title>Page Not Found · DealerLane</title>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={`${buttonClass("primary")} mt-6`}>
        Back to Home
      </Link>
    </section>
  );
}
