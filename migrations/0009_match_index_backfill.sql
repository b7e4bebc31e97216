CREATE TABLE `backfills` (
	`name` text PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	`after_created_at` integer,
	`after_id` text
);
--> statement-breakpoint
-- Deal alerts match only indexed posts: the daily cron indexes every post written before this migration.
INSERT INTO `backfills` (`name`, `until`) VALUES ('match-index', unixepoch('subsec') * 1000);--> statement-breakpoint
-- Posts began to expire after 30 days with migration 0008. A post already older than that is treated as
-- renewed today, so its dealer gets the full 30 days instead of losing it at the first cron run.
UPDATE `inventory_posts` SET `renewed_at` = unixepoch('subsec') * 1000
  WHERE `status` = 'active' AND `renewed_at` IS NULL AND `created_at` <= unixepoch('subsec') * 1000 - 30 * 86400000;
