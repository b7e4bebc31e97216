ALTER TABLE `dealers` ADD `connection_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `dealers` ADD `activity_score` integer;--> statement-breakpoint
CREATE INDEX `dealers_connection_count_idx` ON `dealers` (`connection_count`);--> statement-breakpoint
CREATE INDEX `dealers_activity_idx` ON `dealers` (`activity_score`,`last_active_at`);