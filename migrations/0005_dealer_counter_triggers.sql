-- Dealer counters kept by the database itself (issue 5, docs/decisions/0005-dealer-directory-queries.md), so the
-- dealer directory sorts by connections and by recent activity from an index instead of counting per dealer.
--
-- connection_count: accepted connections, either direction.
-- activity_score:   each post or message moves it to max(itself, the event's time) + 6 hours (21 600 000 ms).
-- last_active_at:   a post or message also counts as being active (the online dot is "seen in the last 5 minutes").

CREATE TRIGGER `connections_count_ai` AFTER INSERT ON `connections` WHEN new.status = 'accepted' BEGIN
	UPDATE dealers SET connection_count = connection_count + 1 WHERE id IN (new.requester_id, new.receiver_id);
END;
--> statement-breakpoint
CREATE TRIGGER `connections_count_ad` AFTER DELETE ON `connections` WHEN old.status = 'accepted' BEGIN
	UPDATE dealers SET connection_count = max(0, connection_count - 1) WHERE id IN (old.requester_id, old.receiver_id);
END;
--> statement-breakpoint
CREATE TRIGGER `connections_count_au` AFTER UPDATE OF status ON `connections`
WHEN (old.status = 'accepted') <> (new.status = 'accepted') BEGIN
	UPDATE dealers SET connection_count = max(0, connection_count + (CASE WHEN new.status = 'accepted' THEN 1 ELSE -1 END))
	WHERE id IN (new.requester_id, new.receiver_id);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_activity_ai` AFTER INSERT ON `inventory_posts` BEGIN
	UPDATE dealers SET
		activity_score = max(coalesce(activity_score, 0), new.created_at) + 21600000,
		last_active_at = max(coalesce(last_active_at, 0), new.created_at)
	WHERE id = new.dealer_id;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_activity_ai` AFTER INSERT ON `messages` BEGIN
	UPDATE dealers SET
		activity_score = max(coalesce(activity_score, 0), new.created_at) + 21600000,
		last_active_at = max(coalesce(last_active_at, 0), new.created_at)
	WHERE id = new.sender_id;
END;
--> statement-breakpoint
-- Existing data: the counts as they stand; the score from the latest post or message plus 6 hours for each one in
-- the last 30 days (what the triggers would have made of a steady pace).
UPDATE dealers SET connection_count = (
	(SELECT count(*) FROM connections c WHERE c.requester_id = dealers.id AND c.status = 'accepted') +
	(SELECT count(*) FROM connections c WHERE c.receiver_id = dealers.id AND c.status = 'accepted'));
--> statement-breakpoint
UPDATE dealers SET activity_score = (
	SELECT max(t) + 21600000 * sum(t > CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 2592000000)
	FROM (
		SELECT created_at AS t FROM inventory_posts WHERE dealer_id = dealers.id
		UNION ALL
		SELECT created_at FROM messages WHERE sender_id = dealers.id));
