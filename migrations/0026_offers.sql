CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`vehicle_id` text NOT NULL,
	`post_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`price_cents` integer NOT NULL,
	`turn` text NOT NULL,
	`clock_hours` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`terms` text NOT NULL,
	`history` text NOT NULL,
	`disclosures` text,
	`deal_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_open_idx` ON `offers` (`vehicle_id`,`buyer_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `offers_buyer_idx` ON `offers` (`buyer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `offers_seller_idx` ON `offers` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `offers_vehicle_open_idx` ON `offers` (`vehicle_id`) WHERE status = 'open';--> statement-breakpoint
ALTER TABLE `deals` ADD `disclosures` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `offer` text;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `offers` integer DEFAULT true NOT NULL;