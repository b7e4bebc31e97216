CREATE TABLE `add_ons` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_account_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`record_type` text NOT NULL,
	`record_id` text,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_record_idx` ON `audit_log` (`record_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `daily_activity` (
	`day` text PRIMARY KEY NOT NULL,
	`signups` integer DEFAULT 0 NOT NULL,
	`deals` integer DEFAULT 0 NOT NULL,
	`posts` integer DEFAULT 0 NOT NULL,
	`messages` integer DEFAULT 0 NOT NULL,
	`alerts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `deal_totals` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`volume_cents` integer DEFAULT 0 NOT NULL,
	`commission_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`target_audience` text DEFAULT 'all' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `promotions_created_idx` ON `promotions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `promotions_window_idx` ON `promotions` (`is_active`,`end_date`);--> statement-breakpoint
CREATE TABLE `verification_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`license_number` text NOT NULL,
	`auction_access_number` text NOT NULL,
	`dealership_5mil_number` text NOT NULL,
	`document_url` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`note` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `verification_requests_status_idx` ON `verification_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `verification_requests_dealer_idx` ON `verification_requests` (`dealer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `suspension_reason` text;--> statement-breakpoint
ALTER TABLE `dealers` ADD `verified_at` integer;--> statement-breakpoint
CREATE INDEX `dealers_signup_idx` ON `dealers` (`account_id`,`deleted_at`,`created_at`);--> statement-breakpoint
-- Hand-written (issue 15, docs/decisions/0019-admin-console.md): the summary rows /admin reads, kept by the
-- database itself so the figures never scan posts, messages, notifications or deals per request.
-- daily_activity counts what was created each UTC day (a later delete does not take it back);
-- deal_totals holds every deal but the Test Deal Popup's samples by status ('pending' … 'withdrawn') and by
-- the admin's review ('review:approved', 'review:rejected'), with the price and commission in cents.
CREATE TRIGGER `daily_signups_ai` AFTER INSERT ON `accounts` BEGIN
	INSERT INTO daily_activity (day, signups) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET signups = signups + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_posts_ai` AFTER INSERT ON `inventory_posts` BEGIN
	INSERT INTO daily_activity (day, posts) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET posts = posts + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_messages_ai` AFTER INSERT ON `messages` BEGIN
	INSERT INTO daily_activity (day, messages) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET messages = messages + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_alerts_ai` AFTER INSERT ON `notifications` WHEN new.type IN ('deal-alert', 'price-drop') BEGIN
	INSERT INTO daily_activity (day, alerts) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET alerts = alerts + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_deals_ai` AFTER INSERT ON `deals` WHEN new.is_sample = 0 BEGIN
	INSERT INTO daily_activity (day, deals) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET deals = deals + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_ai` AFTER INSERT ON `deals` WHEN new.is_sample = 0 BEGIN
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	VALUES (new.status, 1, new.price_cents, coalesce(new.commission_cents, 0))
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	SELECT 'review:' || new.review_status, 1, new.price_cents, coalesce(new.commission_cents, 0) WHERE new.review_status <> 'unreviewed'
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_ad` AFTER DELETE ON `deals` WHEN old.is_sample = 0 BEGIN
	UPDATE deal_totals SET count = count - 1, volume_cents = volume_cents - old.price_cents,
		commission_cents = commission_cents - coalesce(old.commission_cents, 0)
	WHERE status IN (old.status, 'review:' || old.review_status);
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_au` AFTER UPDATE OF status, review_status, price_cents, commission_cents ON `deals`
WHEN old.is_sample = 0 BEGIN
	UPDATE deal_totals SET count = count - 1, volume_cents = volume_cents - old.price_cents,
		commission_cents = commission_cents - coalesce(old.commission_cents, 0)
	WHERE status IN (old.status, 'review:' || old.review_status);
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	VALUES (new.status, 1, new.price_cents, coalesce(new.commission_cents, 0))
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	SELECT 'review:' || new.review_status, 1, new.price_cents, coalesce(new.commission_cents, 0) WHERE new.review_status <> 'unreviewed'
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
END;
--> statement-breakpoint
-- Existing data, counted once.
INSERT INTO daily_activity (day, signups)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, count(*) FROM accounts WHERE true GROUP BY d
ON CONFLICT(day) DO UPDATE SET signups = excluded.signups;
--> statement-breakpoint
INSERT INTO daily_activity (day, posts)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, count(*) FROM inventory_posts WHERE true GROUP BY d
ON CONFLICT(day) DO UPDATE SET posts = excluded.posts;
--> statement-breakpoint
INSERT INTO daily_activity (day, messages)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, count(*) FROM messages WHERE true GROUP BY d
ON CONFLICT(day) DO UPDATE SET messages = excluded.messages;
--> statement-breakpoint
INSERT INTO daily_activity (day, alerts)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, count(*) FROM notifications
WHERE type IN ('deal-alert', 'price-drop') GROUP BY d
ON CONFLICT(day) DO UPDATE SET alerts = excluded.alerts;
--> statement-breakpoint
INSERT INTO daily_activity (day, deals)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, count(*) FROM deals WHERE is_sample = 0 GROUP BY d
ON CONFLICT(day) DO UPDATE SET deals = excluded.deals;
--> statement-breakpoint
INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
SELECT status, count(*), sum(price_cents), sum(coalesce(commission_cents, 0)) FROM deals WHERE is_sample = 0 GROUP BY status;
--> statement-breakpoint
INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
SELECT 'review:' || review_status, count(*), sum(price_cents), sum(coalesce(commission_cents, 0)) FROM deals
WHERE is_sample = 0 AND review_status <> 'unreviewed' GROUP BY review_status;
--> statement-breakpoint
-- The add-on of the business spec's pricing sample (§9: "an add-on at $50"), on sale like the plans.
INSERT INTO `add_ons` (`id`, `name`, `price_cents`, `description`, `is_active`, `sort_order`) VALUES
	('featured-listings', 'Featured Listings', 5000, 'Your listings pinned at the top of matching dealers'' feeds for a week.', 1, 1);
