CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_account_idx` ON `account_tokens` (`account_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `security_events` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`user_agent` text,
	`place` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `security_events_account_idx` ON `security_events` (`account_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `sessions_account_idx`;--> statement-breakpoint
ALTER TABLE `sessions` ADD `id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `place` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_active_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_id_unique` ON `sessions` (`id`);--> statement-breakpoint
CREATE INDEX `sessions_account_idx` ON `sessions` (`account_id`,`last_active_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `google_subject` text;--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_google_subject_unique` ON `accounts` (`google_subject`);--> statement-breakpoint
ALTER TABLE `dealers` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `dealers_deleted_idx` ON `dealers` (`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
-- Accounts made before e-mail confirmation existed keep receiving what they received (issue 14).
UPDATE `accounts` SET `email_verified_at` = `created_at` WHERE `email_verified_at` IS NULL;--> statement-breakpoint
UPDATE `sessions` SET `id` = lower(hex(randomblob(16))), `last_active_at` = `created_at` WHERE `id` IS NULL;
