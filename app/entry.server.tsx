import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { PageIconsProvider, symbolsOf } from "./components/ui/icon-symbols";
import sprite from "./components/ui/icons.svg?raw";
import { NonceProvider } from "./utils/nonce";

const ICON_SYMBOLS = symbolsOf(sprite);

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const nonce = loadContext.nonce;

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <PageIconsProvider value={{ symbols: ICON_SYMBOLS, used: new Set(), written: false }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </PageIconsProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // Crawlers and no-JS readers get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Remix's own logging of loader and render errors, less one: a page rendered for a session that changed meanwhile
 * is thrown away and answered again (worker/http/session.ts), and its refused writes are no error of the app.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || causedBySessionChange(error)) return;
  console.error(error);
};

/** The refusal itself, or a query error wrapping it (Drizzle names the statement and keeps the refusal as cause). */
function causedBySessionChange(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++)
    if (cause.name === "SessionChanged") return true;
  return false;
}
