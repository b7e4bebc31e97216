import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { Tooltip } from "radix-ui";
import { useEffect, type ReactNode } from "react";
import "./load-context";
import { Toaster } from "./components/ui/toaster";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./lib/constants";
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

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
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
        <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
          {children}
        </Tooltip.Provider>
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { flashToast } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (flashToast) toast(flashToast);
  }, [flashToast]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} · DealerLane`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-500 dark:text-slate-400">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "An unexpected error happened. Please try again in a moment."}
      </p>
      <a href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-500">
        Back to Home
      </a>
    </main>
  );
}
