CREATE TABLE `market_reports` (
	`day` text PRIMARY KEY NOT NULL,
	`report` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `news_articles` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`category` text NOT NULL,
	`summary` text NOT NULL,
	`body` text NOT NULL,
	`source_name` text NOT NULL,
	`source_url` text,
	`trending` integer DEFAULT false NOT NULL,
	`read_minutes` integer NOT NULL,
	`published_at` integer NOT NULL,
	`author_account_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`author_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_articles_slug_unique` ON `news_articles` (`slug`);--> statement-breakpoint
CREATE INDEX `news_articles_published_idx` ON `news_articles` (`published_at`,`id`);