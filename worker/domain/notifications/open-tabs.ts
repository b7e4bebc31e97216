import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/**
 * Whether a dealer has a tab open, as their DealerInbox records it (`dealer_open_tabs`). A notification's live
 * frame goes only to the inboxes recorded open (NotificationCentre.storeAll reads them with the bells it stores).
 *
 * The order keeps every bell counted: a tab records itself open before it reads the counts it starts from, and a
 * delivery reads the open tabs after storing its bells, in one batch. A tab recorded after that read counts the
 * bells on its own; one recorded before it gets the frame.
 */
export function openTabsRecord(db: Database) {
  return {
    /** Records whether `dealerId` has a tab open now. */
    async record(dealerId: string, open: boolean, now = Date.now()): Promise<void> {
      await db.run(
        open
          ? sql`insert into dealer_open_tabs (dealer_id, opened_at) values (${dealerId}, ${now})
                on conflict (dealer_id) do nothing`
          : sql`delete from dealer_open_tabs where dealer_id = ${dealerId}`,
      );
    },
  };
}

export type OpenTabsRecord = ReturnType<typeof openTabsRecord>;
