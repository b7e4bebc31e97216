import { eq, sql } from "drizzle-orm";
import {
  FEED_PAGE_SIZE,
  FEED_PAGE_SIZE_MAX,
  ITEMS_PER_PAGE_OPTIONS,
  type InventoryView,
} from "#lib/constants";
import { DEFAULT_SETTINGS, type SettingsPatch, type UserSettings } from "#lib/schemas/settings";
import type { Database } from "../../db/client";
import { userSettings } from "../../db/schema";

type Row = typeof userSettings.$inferSelect;

const toSettings = (row: Row | undefined): UserSettings =>
  row
    ? {
        itemsPerPage:
          ITEMS_PER_PAGE_OPTIONS.find((n) => n === row.itemsPerPage) ?? DEFAULT_SETTINGS.itemsPerPage,
        inventoryView: row.inventoryView,
        emailNotifications: row.emailNotifications,
        pushNotifications: row.pushNotifications,
        messageNotifications: row.messageNotifications,
        showEmail: row.showEmail,
        showPhone: row.showPhone,
        showOnlineStatus: row.showOnlineStatus,
      }
    : { ...DEFAULT_SETTINGS };

/** The account's row: the home page and every list page read it. */
const settingsRow = (db: Database) =>
  db
    .select()
    .from(userSettings)
    .where(eq(userSettings.accountId, sql.placeholder("accountId")))
    .prepare();

/**
 * Per-account display, notification and privacy settings.
 * Read by every screen that sizes a list (items per page), by the feed (inventory view) and, in SQL,
 * by the dealer directory (privacy).
 */
export function settingsService(db: Database) {
  return {
    /** The account's settings; the defaults when it never saved any. */
    async forAccount(accountId: string): Promise<UserSettings> {
      return toSettings(await settingsRow(db).get({ accountId }));
    },

    /**
     * How the home feed looks for this account, from one read: posts per page — FEED_PAGE_SIZE (7),
     * or the Items per page the dealer chose and saved (only a saved choice changes the feed) — and the
     * inventory view.
     */
    async feedView(accountId: string): Promise<{ pageSize: number; inventoryView: InventoryView }> {
      const row = await settingsRow(db).get({ accountId });
      const saved = ITEMS_PER_PAGE_OPTIONS.find((n) => n === row?.itemsPerPage);
      return {
        pageSize: saved ? Math.min(saved, FEED_PAGE_SIZE_MAX) : FEED_PAGE_SIZE,
        inventoryView: toSettings(row).inventoryView,
      };
    },

    /** Saves what changed (an upsert: the first save creates the row). */
    async update(accountId: string, patch: SettingsPatch): Promise<UserSettings> {
      const changes = Object.fromEntries(
        Object.entries(patch).filter(([, v]) => v !== undefined),
      ) as Partial<UserSettings>;
      const updatedAt = Date.now();
      const [row] = await db
        .insert(userSettings)
        .values({ ...DEFAULT_SETTINGS, ...changes, accountId, updatedAt })
        .onConflictDoUpdate({ target: userSettings.accountId, set: { ...changes, updatedAt } })
        .returning();
      return toSettings(row);
    },
  };
}
