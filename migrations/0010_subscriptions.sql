CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`subscription_id` text,
	`plan_id` text NOT NULL,
	`processor` text NOT NULL,
	`external_id` text,
	`payment_ref` text,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`period_start` integer,
	`period_end` integer,
	`paid_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_external_id_unique` ON `invoices` (`external_id`);--> statement-breakpoint
CREATE INDEX `invoices_dealer_idx` ON `invoices` (`dealer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`features` text NOT NULL,
	`lookup_key` text NOT NULL,
	`popular` integer DEFAULT false NOT NULL,
	`premium` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_lookup_key_unique` ON `plans` (`lookup_key`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`dealer_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`external_id` text,
	`reason` text NOT NULL,
	`refunded_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`refunded_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `refunds_invoice_idx` ON `refunds` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`next_plan_id` text,
	`status` text NOT NULL,
	`processor` text NOT NULL,
	`external_id` text,
	`customer_id` text,
	`current_period_start` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`last_event_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`next_plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_dealer_id_unique` ON `subscriptions` (`dealer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_external_id_unique` ON `subscriptions` (`external_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
-- The two plans of business spec §9 (the product's catalogue, not demo data; the admin pricing manager edits them).
INSERT INTO `plans` (`id`, `name`, `price_cents`, `features`, `lookup_key`, `popular`, `premium`, `is_active`, `sort_order`) VALUES
  ('basic', 'Basic Plan', 9900, '["Unlimited listings","Real-time messaging","Basic analytics","Standard support"]', 'dealerlane_basic_monthly', 0, 0, 1, 1),
  ('premium', 'Premium Plan', 14900, '["Everything in Basic","AI features","Advanced analytics","Priority support","Custom integrations"]', 'dealerlane_premium_monthly', 1, 1, 1, 2);
