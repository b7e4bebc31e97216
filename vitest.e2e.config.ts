import { defineConfig } from "vitest/config";

/**
 * Playwright journeys: node-side vitest driving Debian's Chromium against `wrangler dev` on a fresh database. The
 * node-side checks of the scripts and the build are vitest.scripts.config.ts's.
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The files take turns in one worker that keeps its modules (Playwright's client, the shared helpers) instead
    // of importing them again for each file: ~1 s a file. Each file still launches its own browser.
    isolate: false,
  },
});
