CREATE TABLE `deal_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`reason` text NOT NULL,
	`description` text NOT NULL,
	`file_ids` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`answer` text,
	`answer_file_ids` text,
	`answered_at` integer,
	`prevails` text,
	`decision_notes` text,
	`decided_by` text,
	`decided_by_email` text,
	`decided_at` integer,
	`lost_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lost_by`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_disputes_undecided_idx` ON `deal_disputes` (`deal_id`) WHERE status <> 'decided';--> statement-breakpoint
CREATE INDEX `deal_disputes_deal_idx` ON `deal_disputes` (`deal_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deal_disputes_status_idx` ON `deal_disputes` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `deal_disputes_lost_by_idx` ON `deal_disputes` (`lost_by`);--> statement-breakpoint
CREATE INDEX `deal_disputes_buyer_idx` ON `deal_disputes` (`buyer_id`);--> statement-breakpoint
CREATE INDEX `deal_disputes_seller_idx` ON `deal_disputes` (`seller_id`);