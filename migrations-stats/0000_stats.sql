-- My Stats' own database (docs/decisions/0098-stats-database.md). post_views is WITHOUT ROWID, which Drizzle
-- cannot declare: each view lives in its primary key's B-tree, as in the main database's table since migration
-- 0045 (the same columns, so the same bytes a view).
CREATE TABLE `dealer_day_figures` (
	`dealer_id` text NOT NULL,
	`day` integer NOT NULL,
	`post_views` integer DEFAULT 0 NOT NULL,
	`comments_received` integer DEFAULT 0 NOT NULL,
	`requests_answered` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`dealer_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `dealer_day_figures_day_idx` ON `dealer_day_figures` (`day`);--> statement-breakpoint
CREATE TABLE `dealer_view_totals` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `fold_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`updated_at` integer NOT NULL,
	`post_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `folded_posts` (
	`post_id` text PRIMARY KEY NOT NULL,
	`folded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `folded_posts_folded_idx` ON `folded_posts` (`folded_at`);--> statement-breakpoint
CREATE TABLE `post_dealers` (
	`post_id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `post_dealers_dealer_idx` ON `post_dealers` (`dealer_id`,`post_id`);--> statement-breakpoint
CREATE TABLE `post_views` (
	`post_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `viewer_id`)
) WITHOUT ROWID;
