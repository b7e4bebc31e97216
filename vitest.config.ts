import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Unit tests (app/lib, next to the code) and API / Durable Object tests (tests/api, tests/do) run inside
 * workerd with real D1 and R2; every test file starts from an empty, migrated D1 (tests/setup/fresh-database.ts).
 * The worker imports Remix's server build, so `npm run build` must have run first (npm test does).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  const outboxMigrations = await readD1Migrations(path.join(import.meta.dirname, "migrations-outbox"));
  const bellMigrations = await readD1Migrations(path.join(import.meta.dirname, "migrations-bell"));
  const statsMigrations = await readD1Migrations(path.join(import.meta.dirname, "migrations-stats"));
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        // Offline: no vPIC (the VIN tests bring a local fake), whatever wrangler.toml configures. Google sign-in is
        // configured, against the fake token endpoint tests/api/accounts-google.test.ts puts in front of fetch.
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_OUTBOX_MIGRATIONS: outboxMigrations,
            TEST_BELL_MIGRATIONS: bellMigrations,
            TEST_STATS_MIGRATIONS: statsMigrations,
            VPIC_BASE_URL: "",
            GOOGLE_CLIENT_ID: "dealerlane-test.apps.googleusercontent.com",
            GOOGLE_CLIENT_SECRET: "test-client-secret",
            // New password hashes at 1 000 PBKDF2 iterations instead of 100 000: the suite hashes about 900 times, at
            // 15 ms of CPU each with 100 000. A stored hash carries its own count.
            PASSWORD_HASH_ITERATIONS: "1000",
          },
        },
      }),
    ],
    // The import tests read a real .xlsx (tests/fixtures/imports), inlined as a data URL.
    assetsInclude: ["**/*.xlsx"],
    resolve: {
      alias: {
        "remix-server-build": path.join(import.meta.dirname, "build/server/index.js"),
        "~": path.join(import.meta.dirname, "app"),
      },
    },
    test: {
      include: ["app/**/*.test.ts", "worker/**/*.test.ts", "tests/api/**/*.test.ts", "tests/do/**/*.test.ts"],
      setupFiles: ["./tests/setup/fresh-database.ts"],
      // Files take turns in one workerd per vitest worker instead of a new runtime each: loading the worker's
      // module graph (the Remix build, Drizzle, Hono…) cost ~15 s a file. Each file still gets a fresh database.
      isolate: false,
      // Some tests make dozens of requests (PBKDF2 sign-ins against the limits); on a loaded 2-core CI machine
      // they need more than vitest's 5 s default. Speed is measured by `npm run bench`, never here.
      testTimeout: 30_000,
      // Remix's runtime is CommonJS with circular requires; pre-bundle it to ESM for workerd.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"],
          },
        },
      },
    },
  };
});
