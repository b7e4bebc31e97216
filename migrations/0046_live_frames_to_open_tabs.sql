-- The dealers who have a tab open now (docs/decisions/0093-live-frames-to-open-tabs.md): a notification's live frame
-- goes to their DealerInbox only. One row per dealer with a socket, written by the inbox; WITHOUT ROWID keeps it in
-- its key's B-tree alone.
CREATE TABLE `dealer_open_tabs` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`opened_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
