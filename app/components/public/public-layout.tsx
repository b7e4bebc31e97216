import { Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { ArrowLeft, Menu } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { SUPPORT } from "#lib/constants";
import { FOOTER_GROUPS, HEADER_LINKS } from "~/components/public/copy/marketing";
import type { loader as rootLoader } from "~/root";

/** Frame of every signed-out page: skip link, header, the page, footer with the twelve public pages. */
/** The bordered card of the public pages. */
export const PUBLIC_CARD =
  "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      DealerLane
    </Link>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "text-brand-700 dark:text-brand-400"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

export function PublicHeader() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const signedIn = Boolean(root?.currentUser);
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} prefetch="intent" className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Link to={signedIn ? "/" : "/login"} className={buttonClass("primary", "px-3 sm:px-4")}>
            {signedIn ? "Open App" : "Login"}
          </Link>
          <details ref={menu} className="group relative md:hidden">
            <summary
              aria-label="Menu"
              className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
            >
              <Menu size={22} />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute top-12 right-0 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
            >
              <ul className="flex flex-col">
                {[
                  ...HEADER_LINKS,
                  { to: "/blog", label: "Blog" },
                  { to: "/status", label: "System Status" },
                ].map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={(s) => `block ${navLinkClass(s)}`}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 flex flex-col gap-3 sm:col-span-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-muted">
            The dealer-to-dealer wholesale vehicle network for the US and Canada.
          </p>
          <p className="text-sm text-muted">
            <a href={`mailto:${SUPPORT.email}`} className="underline-offset-2 hover:underline">
              {SUPPORT.email}
            </a>
            <br />
            <a href={SUPPORT.phoneHref} className="underline-offset-2 hover:underline">
              {SUPPORT.phone}
            </a>
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{group.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    prefetch="intent"
                    className="text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline dark:text-slate-400 dark:hover:text-white"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-600 sm:px-6 dark:text-slate-400">
          © {new Date().getFullYear()} DealerLane. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** The heading block at the top of a public page: one h1 per page. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-slate-50 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children ? (
          <div className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            {children}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Features, Security, Privacy and Mobile each have a Back to Home button to /. */
export function BackToHome({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={buttonClass("secondary", className)}>
      <ArrowLeft size={16} /> Back to Home
    </Link>
  );
}

/** A narrow column for running text. */
export function Prose({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`mx-auto max-w-3xl px-4 py-12 text-slate-700 sm:px-6 dark:text-slate-300 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:mt-1 [&_p]:mt-4 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
    >
      {children}
    </div>
  );
}
