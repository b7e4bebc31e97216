-- The Test Deal Popup no longer stores a sample deal (it shows one in the browser). The samples it stored go, and
-- so does their flag: the triggers that skipped samples are made again without it (SQLite drops no column a
-- trigger names). Samples never counted in daily_activity or deal_totals, so no figure moves.
DELETE FROM `deals` WHERE `is_sample` = 1;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `daily_deals_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_totals_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_totals_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_totals_au`;
--> statement-breakpoint
ALTER TABLE `deals` DROP COLUMN `is_sample`;
--> statement-breakpoint
CREATE TRIGGER `daily_deals_ai` AFTER INSERT ON `deals`
WHEN coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(new.proposer_id, new.seller_id, new.buyer_id)), 0) = 0 BEGIN
	INSERT INTO daily_activity (day, deals) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
	ON CONFLICT(day) DO UPDATE SET deals = deals + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_ai` AFTER INSERT ON `deals`
WHEN coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(new.proposer_id, new.seller_id, new.buyer_id)), 0) = 0 BEGIN
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
WHEN coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(old.proposer_id, old.seller_id, old.buyer_id)), 0) = 0 BEGIN
	UPDATE deal_totals SET count = count - 1, volume_cents = volume_cents - old.price_cents,
		commission_cents = commission_cents - coalesce(old.commission_cents, 0)
	WHERE status IN (old.status, 'review:' || old.review_status);
END;
--> statement-breakpoint
CREATE TRIGGER `deal_totals_au` AFTER UPDATE OF status, review_status, price_cents, commission_cents ON `deals`
WHEN coalesce((SELECT is_demo FROM dealers WHERE id = coalesce(old.proposer_id, old.seller_id, old.buyer_id)), 0) = 0 BEGIN
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
