/** Types of Remix's server build, which `remix vite:build` writes to build/server (aliased in wrangler.toml). */
import type { ServerBuild } from "@remix-run/cloudflare";
declare const build: ServerBuild;
export = build;
