import type { HTMLAttributes, ReactNode } from "react";

/** The white card most screens group their content in. */
export const cardClass =
  "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";

/** A list item ticked in green: what a plan or a feature gives. */
export const TICKED =
  "flex gap-2 before:shrink-0 before:font-bold before:text-emerald-600 before:content-['✓'_/_''] dark:before:text-emerald-400";

/** A card section titled by its heading (`headingId` labels it), with a line under the title saying what it is for. */
export function Panel({
  headingId,
  title,
  intro,
  className = "flex flex-col gap-3",
  children,
  ...rest
}: {
  headingId: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "title">) {
  return (
    <section aria-labelledby={headingId} className={`${cardClass} ${className}`} {...rest}>
      <div>
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        {intro ? <p className="text-sm text-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}
