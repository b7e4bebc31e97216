CREATE TABLE `deal_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`reviewed_id` text NOT NULL,
	`vehicle_as_described` integer NOT NULL,
	`paperwork_on_time` integer NOT NULL,
	`payment_on_time` integer NOT NULL,
	`communication` integer NOT NULL,
	`score` real NOT NULL,
	`comment` text NOT NULL,
	`revealed_at` integer,
	`reply` text,
	`replied_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_reviews_one_per_dealer_idx` ON `deal_reviews` (`deal_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `deal_reviews_reviewed_idx` ON `deal_reviews` (`reviewed_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `dealer_reputations` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`deals_completed` integer DEFAULT 0 NOT NULL,
	`completion_rate` real,
	`median_reply_minutes` integer,
	`offers_answered_in_time` real,
	`median_title_days` real,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dealers_rating_idx` ON `dealers` ("rating" desc,"name" collate nocase,`id`);