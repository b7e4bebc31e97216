CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'dealer' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE TABLE `chat_participants` (
	`chat_id` text NOT NULL,
	`dealer_id` text NOT NULL,
	`last_read_at` integer,
	PRIMARY KEY(`chat_id`, `dealer_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_participants_dealer_idx` ON `chat_participants` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` text PRIMARY KEY NOT NULL,
	`pair_key` text NOT NULL,
	`last_message_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_pair_key_unique` ON `chats` (`pair_key`);--> statement-breakpoint
CREATE INDEX `chats_last_message_idx` ON `chats` (`last_message_at`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`dealer_id` text NOT NULL,
	`content` text NOT NULL,
	`attachment_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_post_idx` ON `comments` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_dealer_idx` ON `comments` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`requester_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`status` text DEFAULT 'accepted' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`requester_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connections_pair_idx` ON `connections` (`requester_id`,`receiver_id`);--> statement-breakpoint
CREATE INDEX `connections_receiver_idx` ON `connections` (`receiver_id`,`requester_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`dealership_name` text,
	`dealership_type` text,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `dealers` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`added_by_dealer_id` text,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`avatar` text,
	`dealership_photo` text,
	`dealership_name` text NOT NULL,
	`dealership_type` text DEFAULT 'independent' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`zip_code` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'US' NOT NULL,
	`license_number` text,
	`website` text,
	`description` text,
	`profile_type` text DEFAULT 'seller' NOT NULL,
	`buys_canadian_vehicles` integer DEFAULT false NOT NULL,
	`auction_access_number` text,
	`dealership_5mil_number` text,
	`vehicles_needed` text,
	`vehicles_sold` text,
	`rating` real,
	`last_active_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dealers_account_id_unique` ON `dealers` (`account_id`);--> statement-breakpoint
CREATE INDEX `dealers_name_idx` ON `dealers` ("name" collate nocase);--> statement-breakpoint
CREATE INDEX `dealers_dealership_name_idx` ON `dealers` ("dealership_name" collate nocase);--> statement-breakpoint
CREATE INDEX `dealers_state_idx` ON `dealers` (`state`);--> statement-breakpoint
CREATE INDEX `dealers_type_idx` ON `dealers` (`dealership_type`);--> statement-breakpoint
CREATE INDEX `dealers_active_idx` ON `dealers` (`last_active_at`);--> statement-breakpoint
CREATE INDEX `dealers_added_by_idx` ON `dealers` (`added_by_dealer_id`);--> statement-breakpoint
CREATE TABLE `inventory_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`spreadsheet_url` text,
	`auction_facilitator` text,
	`photo_urls` text DEFAULT '[]' NOT NULL,
	`ai_summary` text,
	`view_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posts_feed_idx` ON `inventory_posts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_type_feed_idx` ON `inventory_posts` (`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_dealer_idx` ON `inventory_posts` (`dealer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`client_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`content` text NOT NULL,
	`context` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_chat_idx` ON `messages` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_idx` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`receiver_id`,`is_read`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`sms_enabled` integer DEFAULT false NOT NULL,
	`email_enabled` integer DEFAULT true NOT NULL,
	`deal_alerts` integer DEFAULT true NOT NULL,
	`price_drops` integer DEFAULT true NOT NULL,
	`auction_alerts` integer DEFAULT true NOT NULL,
	`confirmations` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_views` (
	`post_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `viewer_id`),
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_account_idx` ON `sessions` (`account_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`account_id` text PRIMARY KEY NOT NULL,
	`items_per_page` integer DEFAULT 20 NOT NULL,
	`inventory_view` text DEFAULT 'grid' NOT NULL,
	`email_notifications` integer DEFAULT true NOT NULL,
	`push_notifications` integer DEFAULT true NOT NULL,
	`message_notifications` integer DEFAULT true NOT NULL,
	`show_email` integer DEFAULT true NOT NULL,
	`show_phone` integer DEFAULT true NOT NULL,
	`show_online_status` integer DEFAULT true NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`vin` text,
	`year` integer,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`trim` text,
	`mileage` integer,
	`price_cents` integer,
	`city` text,
	`state` text,
	`color` text,
	`status` text DEFAULT 'available' NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vehicles_post_idx` ON `vehicles` (`post_id`,`position`);--> statement-breakpoint
CREATE INDEX `vehicles_vin_idx` ON `vehicles` (`vin`);