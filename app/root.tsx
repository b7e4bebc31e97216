import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import "./load-context";
import { PageIconSymbols } from "./components/ui/icon-symbols";
import { Toaster } from "./components/ui/toaster";
import { themeBootScript } from "./lib/theme";
import { toast } from "./lib/toast";
import stylesheet from "./tailwind.css?url";
import { useNonce } from "./utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { currentUser: context.currentUser, flashToast: context.flashToast };
}

/**
 * A route module's `handle`: `hydrate(data)` answers false when the page is plain server HTML, enhanced by
 * public/landing.js instead of React (the signed-out landing: its JavaScript budget leaves no room for React).
 * `workspace`: a signed-in screen that needs the whole width (/messages): the shell leaves out its right
 * column and narrows its menu to icons where the width is short.
 */
export type RouteHandle = { hydrate?: (data: unknown) => boolean; workspace?: boolean };

/** Whether this document loads the Remix app; any matched route can opt its page out. */
function useHydrates(): boolean {
  const matches = useMatches();
  // Once React runs in the browser it stays in charge, whatever page it navigates to.
  if (typeof document !== "undefined") return true;
  // A one-shot toast needs the toast viewport, which is React.
  const root = matches.find((m) => m.id === "root")?.data as { flashToast?: unknown } | undefined;
  if (root?.flashToast) return true;
  return !matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate?.(m.data) === false);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const hydrates = useHydrates();
  useEffect(() => {
    // The page answers clicks from here on (journeys wait for it: a click before this follows the plain link).
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en" className="dark" style={{ colorScheme: "dark" }} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#020617" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh font-sans antialiased">
        {children}
        <PageIconSymbols />
        {hydrates ? (
          <>
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // The production build registers the service worker here too, as the app does (see App).
          <script
            type="module"
            src="/landing.js"
            nonce={nonce}
            data-service-worker={import.meta.env.PROD ? "/sw.js" : undefined}
          />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { flashToast } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (flashToast) toast(flashToast);
  }, [flashToast]);
  useEffect(() => {
    // The installable web app (public/sw.js); production builds only, so development never serves stale files.
    if (import.meta.env.PROD && "serviceWorker" in navigator) void navigator.serviceWorker.register("/sw.js");
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request the server refused with a reason (a page form it could not read: 400/415) says why.
  const reason =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === "string"
      ? (error.data.message as string)
      : null;
  const title = notFound ? "Page Not Found" : reason ? "Request not accepted" : "Something went wrong";
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} · DealerLane`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-500 dark:text-slate-400">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : (reason ?? "An unexpected error happened. Please try again in a moment.")}
      </p>
      <a href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Back to Home
      </a>
    </main>
  );
}
