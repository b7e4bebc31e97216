import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/**
 * An honest page for a screen whose capability has not landed yet: it names what it will hold,
 * and offers nothing that pretends to work.
 */
export function ScreenPlaceholder({
  title,
  willHold,
  next,
}: {
  title: string;
  willHold: string[];
  next?: { to: string; label: string };
}) {
  return (
    <section className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted">This screen is being built. It will hold:</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">
        {willHold.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Link to={next?.to ?? "/"} className={`${buttonClass("secondary")} mt-6`}>
        {next?.label ?? "Back to Home"}
      </Link>
    </section>
  );
}
