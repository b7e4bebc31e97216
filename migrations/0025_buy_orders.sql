ALTER TABLE `inventory_posts` ADD `buy_order` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `data` text;--> statement-breakpoint
ALTER TABLE `wanted_vehicles` ADD `until` integer;