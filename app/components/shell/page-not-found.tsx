import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** 'Page Not Found' inside the shell: an unknown path, and every /admin page to anyone but an admin. */
export function PageNotFound() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonClass("primary")} mt-6`}>
        Back to Home
      </Link>
    </section>
  );
}
