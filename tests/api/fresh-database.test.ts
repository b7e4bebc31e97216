import { env, type D1Migration } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUpDealer } from "./helpers";

/**
 * Test files share a workerd process (vitest.config.ts), so tests/setup/fresh-database.ts empties and migrates D1
 * before each file. Whatever ran before this file in the same process, it starts from nothing but the migrations.
 */
const { TEST_MIGRATIONS, TEST_OUTBOX_MIGRATIONS, TEST_BELL_MIGRATIONS } = env as unknown as {
  TEST_MIGRATIONS: D1Migration[];
  TEST_OUTBOX_MIGRATIONS: D1Migration[];
  TEST_BELL_MIGRATIONS: D1Migration[];
};
const rows = async (table: string, database = env.DB) =>
  (await database.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;

describe("each test file's database", () => {
  it("has every migration applied, once", async () => {
    expect(await rows("d1_migrations")).toBe(TEST_MIGRATIONS.length);
    expect(await rows("plans")).toBeGreaterThan(0);
    expect(await rows("d1_migrations", env.OUTBOX_DB)).toBe(TEST_OUTBOX_MIGRATIONS.length);
    expect(await rows("d1_migrations", env.BELL_DB)).toBe(TEST_BELL_MIGRATIONS.length);
  });

  it("holds no dealer, session, post, chat or message from an earlier file", async () => {
    for (const table of [
      "accounts",
      "dealers",
      "sessions",
      "inventory_posts",
      "chats",
      "messages",
      "rate_limits",
    ])
      expect(await rows(table), table).toBe(0);
    expect(await rows("outbox", env.OUTBOX_DB)).toBe(0);
    expect(await rows("notifications", env.BELL_DB)).toBe(0);
  });

  it("takes a dealer's sign-up like a new deployment", async () => {
    const { cookie } = await signUpDealer();
    expect(cookie).toBeTruthy();
    expect(await rows("accounts")).toBe(1);
  });
});
