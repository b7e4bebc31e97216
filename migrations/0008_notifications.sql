CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_key_unique` ON `notifications` (`key`);--> statement-breakpoint
CREATE INDEX `notifications_dealer_idx` ON `notifications` (`dealer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`dealer_id`) WHERE read_at is null;--> statement-breakpoint
CREATE TABLE `offered_vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`vehicle_id` text,
	`dealer_id` text NOT NULL,
	`make_key` text NOT NULL,
	`model_key` text NOT NULL,
	`year_min` integer,
	`year_max` integer,
	`trim` text,
	`mileage` integer,
	`price_cents` integer,
	`state` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offered_vehicles_match_idx` ON `offered_vehicles` (`make_key`,`model_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `offered_vehicles_post_idx` ON `offered_vehicles` (`post_id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`dealer_id` text,
	`template` text NOT NULL,
	`category` text NOT NULL,
	`subject` text,
	`body_text` text NOT NULL,
	`body_html` text,
	`unsubscribe_url` text,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`provider` text,
	`provider_id` text,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `wanted_vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`dealer_id` text NOT NULL,
	`make_key` text NOT NULL,
	`model_key` text NOT NULL,
	`year_min` integer,
	`year_max` integer,
	`trim` text,
	`max_mileage` integer,
	`max_price_cents` integer,
	`state` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wanted_vehicles_match_idx` ON `wanted_vehicles` (`make_key`,`model_key`);--> statement-breakpoint
CREATE INDEX `wanted_vehicles_post_idx` ON `wanted_vehicles` (`post_id`);--> statement-breakpoint
ALTER TABLE `inventory_posts` ADD `renewed_at` integer;--> statement-breakpoint
ALTER TABLE `inventory_posts` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `posts_expiry_idx` ON `inventory_posts` (`status`,`renewed_at`,`created_at`);