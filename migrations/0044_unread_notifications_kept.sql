-- The bell's unread count kept by the database itself (docs/decisions/0084-unread-count-kept.md): every writer of
-- `notifications` (the notifier, marking read, the retention cron, a dealer's deletion, tests) keeps it exact, and
-- the bell, each page and each batch of deal alerts read one column instead of counting the dealer's unread rows.
ALTER TABLE `dealers` ADD `unread_notifications` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `notifications_unread_ai` AFTER INSERT ON `notifications` WHEN new.read_at IS NULL BEGIN
	UPDATE dealers SET unread_notifications = unread_notifications + 1 WHERE id = new.dealer_id;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_unread_ad` AFTER DELETE ON `notifications` WHEN old.read_at IS NULL BEGIN
	UPDATE dealers SET unread_notifications = unread_notifications - 1 WHERE id = old.dealer_id;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_unread_au` AFTER UPDATE OF read_at, dealer_id ON `notifications`
WHEN (old.read_at IS NULL) <> (new.read_at IS NULL) OR old.dealer_id <> new.dealer_id BEGIN
	UPDATE dealers SET unread_notifications = unread_notifications - 1 WHERE id = old.dealer_id AND old.read_at IS NULL;
	UPDATE dealers SET unread_notifications = unread_notifications + 1 WHERE id = new.dealer_id AND new.read_at IS NULL;
END;
--> statement-breakpoint
UPDATE dealers SET unread_notifications = c.n
FROM (SELECT dealer_id, count(*) AS n FROM notifications WHERE read_at IS NULL GROUP BY dealer_id) AS c
WHERE dealers.id = c.dealer_id;
--> statement-breakpoint
-- Only the count read it: marking all read walks notifications_dealer_idx instead.
DROP INDEX `notifications_unread_idx`;
