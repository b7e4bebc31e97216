import { eq } from "drizzle-orm";
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_KEYS,
  type NotificationPreferences,
  type PreferenceKey,
} from "#lib/schemas/notifications";
import type { Database } from "../../db/client";
import { notificationPreferences } from "../../db/schema";

type Row = typeof notificationPreferences.$inferSelect;

export const toPreferences = (row: Partial<Row> | null | undefined): NotificationPreferences =>
  Object.fromEntries(
    PREFERENCE_KEYS.map((k) => [k, typeof row?.[k] === "boolean" ? row[k] : DEFAULT_PREFERENCES[k]]),
  ) as NotificationPreferences;

/** Notification preferences: one row per dealer, the defaults until the first save. */
export function preferencesService(db: Database) {
  return {
    async forDealer(dealerId: string): Promise<NotificationPreferences> {
      const row = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.dealerId, dealerId))
        .get();
      return toPreferences(row);
    },

    /** Saves the whole object (PATCH sends every flag; a flag added later and left out keeps its value). */
    async save(
      dealerId: string,
      preferences: Partial<NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      const [row] = await db
        .insert(notificationPreferences)
        .values({ ...DEFAULT_PREFERENCES, dealerId, ...preferences })
        .onConflictDoUpdate({ target: notificationPreferences.dealerId, set: preferences })
        .returning();
      return toPreferences(row);
    },

    /**
     * One flag, written alone in one statement: two switches flipped at once both stay (a read-then-save of
     * the whole object would let the later one undo the earlier). The one-click unsubscribe uses it too.
     */
    async setFlag(dealerId: string, key: PreferenceKey, on: boolean): Promise<NotificationPreferences> {
      const [row] = await db
        .insert(notificationPreferences)
        .values({ ...DEFAULT_PREFERENCES, dealerId, [key]: on })
        .onConflictDoUpdate({ target: notificationPreferences.dealerId, set: { [key]: on } })
        .returning();
      return toPreferences(row);
    },
  };
}
