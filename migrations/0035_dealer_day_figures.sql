CREATE TABLE `dealer_day_figures` (
	`dealer_id` text NOT NULL,
	`day` integer NOT NULL,
	`post_views` integer DEFAULT 0 NOT NULL,
	`comments_received` integer DEFAULT 0 NOT NULL,
	`requests_answered` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`dealer_id`, `day`),
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dealer_day_figures_day_idx` ON `dealer_day_figures` (`day`);