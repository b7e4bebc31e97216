-- A post's views kept in their key alone (docs/decisions/0091-post-views-without-rowid.md). A (post, viewer) row
-- was stored twice: in the table under a hidden rowid, and again in the index its primary key needs. WITHOUT ROWID
-- keeps the row in its primary key's B-tree: about half the bytes per view, and one B-tree written per view.
-- The view counters move only on a real insert or delete (post_views_count_ai / _ad), so the copy moves none.
DROP TRIGGER `post_views_count_ai`;
--> statement-breakpoint
DROP TRIGGER `post_views_count_ad`;
--> statement-breakpoint
CREATE TABLE `post_views_keyed` (
	`post_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `viewer_id`),
	FOREIGN KEY (`post_id`) REFERENCES `inventory_posts`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `post_views_keyed` (`post_id`, `viewer_id`, `created_at`)
SELECT `post_id`, `viewer_id`, `created_at` FROM `post_views`;
--> statement-breakpoint
DROP TABLE `post_views`;
--> statement-breakpoint
ALTER TABLE `post_views_keyed` RENAME TO `post_views`;
--> statement-breakpoint
CREATE TRIGGER `post_views_count_ai` AFTER INSERT ON `post_views` BEGIN
	UPDATE inventory_posts SET view_count = view_count + 1 WHERE id = new.post_id;
END;
--> statement-breakpoint
CREATE TRIGGER `post_views_count_ad` AFTER DELETE ON `post_views` BEGIN
	UPDATE inventory_posts SET view_count = view_count - 1 WHERE id = old.post_id;
END;
