CREATE TABLE `bill_of_sale_signatures` (
	`deal_id` text NOT NULL,
	`version` integer NOT NULL,
	`dealer_id` text NOT NULL,
	`role` text NOT NULL,
	`full_name` text NOT NULL,
	`consent_text` text NOT NULL,
	`signed_at` integer NOT NULL,
	`ip` text,
	`place` text,
	`user_agent` text,
	PRIMARY KEY(`deal_id`, `version`, `dealer_id`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bill_of_sale_versions` (
	`deal_id` text NOT NULL,
	`version` integer NOT NULL,
	`content` text NOT NULL,
	`sha256` text,
	`pdf_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`signed_at` integer,
	PRIMARY KEY(`deal_id`, `version`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
