import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

/** vitest.config.ts reads migrations/ into this binding; each test file starts from a migrated, empty D1. */
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
