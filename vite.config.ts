import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientChunks } from "./scripts/client-chunks";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    clientChunks(),
  ],
  ssr: {
    // Bundled by this production build rather than left to wrangler: the worker runs React's production server
    // renderer, the file patches/react-dom+18.3.1.patch changes.
    noExternal: ["react-dom"],
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    sourcemap: false,
    // The icon sprite is referenced by URL (`<use href="…#id">`), which a data: URL cannot serve.
    assetsInlineLimit: (file) => (file.endsWith("/icons.svg") ? false : undefined),
  },
});
