CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`proposer_id` text,
	`counterparty_id` text,
	`seller_id` text,
	`buyer_id` text,
	`post_id` text,
	`vin` text,
	`year` integer NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`trim` text DEFAULT '' NOT NULL,
	`miles` integer DEFAULT 0 NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`commission_cents` integer,
	`location` text DEFAULT '' NOT NULL,
	`auction` text,
	`auction_location` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`review_status` text DEFAULT 'unreviewed' NOT NULL,
	`review_notes` text,
	`reviewed_at` integer,
	`seller_name` text,
	`seller_email` text,
	`buyer_email` text,
	`is_sample` integer DEFAULT false NOT NULL,
	`bill_of_sale_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`confirmed_at` integer,
	`completed_at` integer,
	`closed_at` integer,
	`updated_at` integer,
	FOREIGN KEY (`proposer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`counterparty_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`buyer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deals_proposer_idx` ON `deals` (`proposer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `deals_counterparty_idx` ON `deals` (`counterparty_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `deals_status_idx` ON `deals` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `pass_thru_steps` (
	`deal_id` text NOT NULL,
	`step` text NOT NULL,
	`value` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`deal_id`, `step`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE set null
);
