-- A post's view_count is the number of its post_views rows (one per dealer who opened it): recounted where they
-- differ (figures seeded without the views behind them), and kept so when a view row goes (a demo dealer's cleanup).
UPDATE `inventory_posts` SET `view_count` = (SELECT count(*) FROM `post_views` v WHERE v.post_id = `inventory_posts`.id)
WHERE `view_count` <> (SELECT count(*) FROM `post_views` v WHERE v.post_id = `inventory_posts`.id);
--> statement-breakpoint
CREATE TRIGGER `post_views_count_ad` AFTER DELETE ON `post_views` BEGIN
	UPDATE inventory_posts SET view_count = view_count - 1 WHERE id = old.post_id;
END;
