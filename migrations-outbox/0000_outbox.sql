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
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_dealer_idx` ON `outbox` (`dealer_id`);--> statement-breakpoint
CREATE INDEX `outbox_sent_push_idx` ON `outbox` (`next_attempt_at`) WHERE status = 'sent' and channel = 'push';