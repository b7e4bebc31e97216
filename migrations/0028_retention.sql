CREATE TABLE `dealer_archived_stats` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`posts` integer DEFAULT 0 NOT NULL,
	`sold_posts` integer DEFAULT 0 NOT NULL,
	`vehicles_listed` integer DEFAULT 0 NOT NULL,
	`vehicles_sold` integer DEFAULT 0 NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`comments_received` integer DEFAULT 0 NOT NULL,
	`comments_written` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deals_post_idx` ON `deals` (`post_id`);--> statement-breakpoint
CREATE INDEX `posts_left_feed_idx` ON `inventory_posts` (`updated_at`,`id`) WHERE status in ('expired', 'sold');--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_read_idx` ON `notifications` (`read_at`) WHERE read_at is not null;--> statement-breakpoint
CREATE INDEX `payment_events_processed_idx` ON `payment_events` (`processed_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE INDEX `security_events_created_idx` ON `security_events` (`created_at`);