import type { RemixLoadContextFields } from "../worker/remix-context";

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RemixLoadContextFields {}
}

export {};
