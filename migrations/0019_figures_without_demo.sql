CREATE INDEX `dealers_demo_idx` ON `dealers` (`id`) WHERE is_demo = 1;--> statement-breakpoint
-- The business figures count real dealers only: rows of the demo network (dealers.is_demo = 1) no longer feed
-- daily_activity or deal_totals, which are recounted below from real rows. The admin console shows the demo
-- network apart, counted from its own (few) rows.
DROP TRIGGER IF EXISTS `daily_signups_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `daily_posts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `daily_messages_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `daily_alerts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `daily_deals_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_totals_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_totals_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_totals_au`;
--> statement-breakpoint
-- A throwaway demo account carries its expiry from the start; an account whose dealer joins the demo network
-- later (the seeded demo network) is taken back out of its day's sign-ups.
CREATE TRIGGER `daily_signups_ai` AFTER INSERT ON `accounts` WHEN new.demo_expires_at IS NULL BEGIN
	INSERT INTO daily_activity (day, signups) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET signups = signups + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_signups_demo_ai` AFTER INSERT ON `dealers`
WHEN new.is_demo = 1 AND (SELECT demo_expires_at IS NULL FROM accounts WHERE id = new.account_id) BEGIN
	UPDATE daily_activity SET signups = signups - 1
	WHERE day = (SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') FROM accounts WHERE id = new.account_id)
		AND signups > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_posts_ai` AFTER INSERT ON `inventory_posts`
WHEN (SELECT is_demo FROM dealers WHERE id = new.dealer_id) = 0 BEGIN
	INSERT INTO daily_activity (day, posts) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET posts = posts + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_messages_ai` AFTER INSERT ON `messages`
WHEN (SELECT is_demo FROM dealers WHERE id = new.sender_id) = 0 BEGIN
	INSERT INTO daily_activity (day, messages) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET messages = messages + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_alerts_ai` AFTER INSERT ON `notifications`
WHEN new.type IN ('deal-alert', 'price-drop') AND (SELECT is_demo FROM dealers WHERE id = new.dealer_id) = 0 BEGIN
	INSERT INTO daily_activity (day, alerts) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET alerts = alerts + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_deals_ai` AFTER INSERT ON `deals`
WHEN new.is_sample = 0 AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(new.proposer_id, new.seller_id, new.buyer_id)), 0) = 0 BEGIN
	INSERT INTO daily_activity (day, deals) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET deals = deals + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_ai` AFTER INSERT ON `deals`
WHEN new.is_sample = 0 AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(new.proposer_id, new.seller_id, new.buyer_id)), 0) = 0 BEGIN
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	VALUES (new.status, 1, new.price_cents, coalesce(new.commission_cents, 0))
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	SELECT 'review:' || new.review_status, 1, new.price_cents, coalesce(new.commission_cents, 0) WHERE new.review_status <> 'unreviewed'
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_ad` AFTER DELETE ON `deals`
WHEN old.is_sample = 0 AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(old.proposer_id, old.seller_id, old.buyer_id)), 0) = 0 BEGIN
	UPDATE deal_totals SET count = count - 1, volume_cents = volume_cents - old.price_cents,
		commission_cents = commission_cents - coalesce(old.commission_cents, 0)
	WHERE status IN (old.status, 'review:' || old.review_status);
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_au` AFTER UPDATE OF status, review_status, price_cents, commission_cents ON `deals`
WHEN old.is_sample = 0 AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(old.proposer_id, old.seller_id, old.buyer_id)), 0) = 0 BEGIN
	UPDATE deal_totals SET count = count - 1, volume_cents = volume_cents - old.price_cents,
		commission_cents = commission_cents - coalesce(old.commission_cents, 0)
	WHERE status IN (old.status, 'review:' || old.review_status);
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	VALUES (new.status, 1, new.price_cents, coalesce(new.commission_cents, 0))
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
	INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
	SELECT 'review:' || new.review_status, 1, new.price_cents, coalesce(new.commission_cents, 0) WHERE new.review_status <> 'unreviewed'
	ON CONFLICT(status) DO UPDATE SET count = count + excluded.count, volume_cents = volume_cents + excluded.volume_cents,
		commission_cents = commission_cents + excluded.commission_cents;
END;
--> statement-breakpoint
-- Existing figures, recounted from real rows only.
DELETE FROM daily_activity;
--> statement-breakpoint
DELETE FROM deal_totals;
--> statement-breakpoint
INSERT INTO daily_activity (day, signups)
SELECT strftime('%Y-%m-%d', a.created_at / 1000, 'unixepoch') AS d, count(*) FROM accounts a
WHERE a.demo_expires_at IS NULL AND NOT EXISTS (SELECT 1 FROM dealers x WHERE x.account_id = a.id AND x.is_demo = 1)
GROUP BY d
ON CONFLICT(day) DO UPDATE SET signups = excluded.signups;
--> statement-breakpoint
INSERT INTO daily_activity (day, posts)
SELECT strftime('%Y-%m-%d', p.created_at / 1000, 'unixepoch') AS d, count(*) FROM inventory_posts p
JOIN dealers x ON x.id = p.dealer_id WHERE x.is_demo = 0 GROUP BY d
ON CONFLICT(day) DO UPDATE SET posts = excluded.posts;
--> statement-breakpoint
INSERT INTO daily_activity (day, messages)
SELECT strftime('%Y-%m-%d', m.created_at / 1000, 'unixepoch') AS d, count(*) FROM messages m
JOIN dealers x ON x.id = m.sender_id WHERE x.is_demo = 0 GROUP BY d
ON CONFLICT(day) DO UPDATE SET messages = excluded.messages;
--> statement-breakpoint
INSERT INTO daily_activity (day, alerts)
SELECT strftime('%Y-%m-%d', n.created_at / 1000, 'unixepoch') AS d, count(*) FROM notifications n
JOIN dealers x ON x.id = n.dealer_id WHERE n.type IN ('deal-alert', 'price-drop') AND x.is_demo = 0 GROUP BY d
ON CONFLICT(day) DO UPDATE SET alerts = excluded.alerts;
--> statement-breakpoint
INSERT INTO daily_activity (day, deals)
SELECT strftime('%Y-%m-%d', d.created_at / 1000, 'unixepoch') AS day_of, count(*) FROM deals d
WHERE d.is_sample = 0 AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(d.proposer_id, d.seller_id, d.buyer_id)), 0) = 0
GROUP BY day_of
ON CONFLICT(day) DO UPDATE SET deals = excluded.deals;
--> statement-breakpoint
INSERT INTO deal_totals (status, count, volume_cents, commission_cents)
SELECT status, count(*), sum(price_cents), sum(coalesce(commission_cents, 0)) FROM (
	SELECT d.status AS status, d.price_cents, d.commission_cents FROM deals d
	WHERE d.is_sample = 0 AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(d.proposer_id, d.seller_id, d.buyer_id)), 0) = 0
	UNION ALL
	SELECT 'review:' || d.review_status, d.price_cents, d.commission_cents FROM deals d
	WHERE d.is_sample = 0 AND d.review_status <> 'unreviewed'
		AND coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(d.proposer_id, d.seller_id, d.buyer_id)), 0) = 0
) GROUP BY status;
