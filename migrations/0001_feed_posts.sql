CREATE TABLE `app_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vin_decodes` (
	`vin` text PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`decoded_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `vehicles` ADD `notes` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `location` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `at_dealership` integer;--> statement-breakpoint
CREATE INDEX `posts_for_sale_feed_idx` ON `inventory_posts` (`created_at`,`id`) WHERE type <> 'request';--> statement-breakpoint
CREATE INDEX `posts_auction_feed_idx` ON `inventory_posts` (`created_at`,`id`) WHERE auction_facilitator is not null or instr(lower(title), 'auction') > 0 or instr(lower(description), 'auction') > 0;