CREATE TABLE `import_mappings` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inventory_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`url` text,
	`headers` text NOT NULL,
	`rows` text NOT NULL,
	`mapping` text NOT NULL,
	`post_id` text,
	`synced_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inventory_imports_dealer_idx` ON `inventory_imports` (`dealer_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_imports_post_idx` ON `inventory_imports` (`post_id`);--> statement-breakpoint
CREATE INDEX `inventory_imports_age_idx` ON `inventory_imports` (`created_at`);--> statement-breakpoint
ALTER TABLE `vehicles` ADD `stock_number` text;