import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { X } from "~/components/ui/icons";

/** This page's address with some search params changed (`null` drops one): a row's dialog opens by its id. */
export function useWithParams() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next.toString()}`;
  };
}

/** The dialog an admin row opens (processing a deal, editing a user); `close` is the address without it. */
export function AdminDialog({
  title,
  detail,
  close,
  wide = false,
  children,
}: {
  title: ReactNode;
  detail: ReactNode;
  close: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-3 sm:p-8">
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="admin-dialog-heading"
        className={`w-full ${wide ? "max-w-2xl" : "max-w-lg"} rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900`}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id="admin-dialog-heading" className="text-lg font-bold">
              {title}
            </h2>
            <p className="text-sm break-words text-muted">{detail}</p>
          </div>
          <Link to={close} className={buttonClass("ghost", "px-2")} aria-label="Close">
            <X size={18} />
          </Link>
        </div>
        {children}
      </section>
    </div>
  );
}
