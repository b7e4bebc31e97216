CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_dealer_endpoint_idx` ON `push_subscriptions` (`dealer_id`,`endpoint`);--> statement-breakpoint
CREATE TABLE `push_switches` (
	`dealer_id` text NOT NULL,
	`kind` text NOT NULL,
	`on` integer NOT NULL,
	PRIMARY KEY(`dealer_id`, `kind`),
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
