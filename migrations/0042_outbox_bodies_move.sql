-- Custom SQL migration file, put your code below! --
-- Each message's text moves to outbox_bodies (a row already emptied by the 1-day retention has none), and the
-- outbox row keeps empty columns, so the courier's updates rewrite a narrow row.
INSERT INTO `outbox_bodies` (`id`, `body_text`, `body_html`)
SELECT `id`, `body_text`, `body_html` FROM `outbox` WHERE `body_text` <> '' OR `body_html` IS NOT NULL;
--> statement-breakpoint
UPDATE `outbox` SET `body_text` = '', `body_html` = NULL WHERE `body_text` <> '' OR `body_html` IS NOT NULL;
