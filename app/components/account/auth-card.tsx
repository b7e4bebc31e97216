import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The centred card of the signed-out account pages (/login's look): sign-in help, reset, confirmation. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-slate-100 to-slate-200 p-4 dark:from-slate-950 dark:to-slate-900">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <Link to="/" className="mb-6 flex items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          DealerLane
        </Link>
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro ? <div className="mt-1 text-sm text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** A status line inside the card: what happened, in words, for screen readers too. */
export function CardNotice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  const colours =
    tone === "success"
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md p-3 text-sm ${colours}`}>
      {children}
    </div>
  );
}
