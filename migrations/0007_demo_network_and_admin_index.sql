ALTER TABLE `accounts` ADD `demo_expires_at` integer;--> statement-breakpoint
CREATE INDEX `accounts_demo_expires_idx` ON `accounts` (`demo_expires_at`);--> statement-breakpoint
CREATE INDEX `accounts_admin_idx` ON `accounts` (`role`) WHERE role = 'admin';--> statement-breakpoint
ALTER TABLE `dealers` ADD `is_demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Demo accounts made by create-dummy before this migration (no password, our demo address) become throwaway
-- demo accounts, due for removal 7 days after they were made, in the demo network.
UPDATE `accounts` SET `demo_expires_at` = `created_at` + 604800000 WHERE `password_hash` IS NULL AND `email` LIKE 'demo-%@demo.dealerlane.app';--> statement-breakpoint
UPDATE `dealers` SET `is_demo` = true WHERE `account_id` IN (SELECT `id` FROM `accounts` WHERE `demo_expires_at` IS NOT NULL);
