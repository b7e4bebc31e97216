DROP INDEX `comments_post_idx`;--> statement-breakpoint
DROP INDEX `comments_dealer_idx`;--> statement-breakpoint
CREATE INDEX `comments_post_idx` ON `comments` (`post_id`,`created_at`,`dealer_id`);--> statement-breakpoint
CREATE INDEX `comments_dealer_idx` ON `comments` (`dealer_id`,`created_at`,`post_id`);--> statement-breakpoint
DROP INDEX `posts_dealer_idx`;--> statement-breakpoint
CREATE INDEX `posts_dealer_idx` ON `inventory_posts` (`dealer_id`,`created_at`,`id`,`type`,`status`,`view_count`);--> statement-breakpoint
DROP INDEX `vehicles_post_idx`;--> statement-breakpoint
CREATE INDEX `vehicles_post_idx` ON `vehicles` (`post_id`,`position`,`status`);