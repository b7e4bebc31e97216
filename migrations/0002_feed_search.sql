-- Feed search (core spec §7 GET /api/inventory?search=): SQLite FTS5 over a post's title, description,
-- its dealer's name and dealership name, and its vehicles' make, model and VIN.
--
-- post_search_docs holds one row per post with the text to index; post_search is an external-content FTS5
-- table over it (content_rowid = doc_id, an INTEGER PRIMARY KEY, so the rowids never change under VACUUM).
-- Triggers on inventory_posts, vehicles and dealers keep the documents current; triggers on the documents
-- keep the index current. doc_id grows with each new post, so "newest first" is ORDER BY rowid DESC, which
-- FTS5 answers straight from its index.

CREATE TABLE `post_search_docs` (
	`doc_id` integer PRIMARY KEY,
	`post_id` text NOT NULL UNIQUE,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`dealer` text NOT NULL,
	`vehicles` text NOT NULL
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `post_search` USING fts5(
	title, description, dealer, vehicles,
	content='post_search_docs', content_rowid='doc_id',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `post_search_docs_ai` AFTER INSERT ON `post_search_docs` BEGIN
	INSERT INTO post_search (rowid, title, description, dealer, vehicles)
	VALUES (new.doc_id, new.title, new.description, new.dealer, new.vehicles);
END;
--> statement-breakpoint
CREATE TRIGGER `post_search_docs_ad` AFTER DELETE ON `post_search_docs` BEGIN
	INSERT INTO post_search (post_search, rowid, title, description, dealer, vehicles)
	VALUES ('delete', old.doc_id, old.title, old.description, old.dealer, old.vehicles);
END;
--> statement-breakpoint
CREATE TRIGGER `post_search_docs_au` AFTER UPDATE ON `post_search_docs` BEGIN
	INSERT INTO post_search (post_search, rowid, title, description, dealer, vehicles)
	VALUES ('delete', old.doc_id, old.title, old.description, old.dealer, old.vehicles);
	INSERT INTO post_search (rowid, title, description, dealer, vehicles)
	VALUES (new.doc_id, new.title, new.description, new.dealer, new.vehicles);
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_posts_search_ai` AFTER INSERT ON `inventory_posts` BEGIN
	INSERT INTO post_search_docs (post_id, title, description, dealer, vehicles)
	SELECT new.id, new.title, new.description,
		coalesce((SELECT d.name || ' ' || d.dealership_name FROM dealers d WHERE d.id = new.dealer_id), ''),
		coalesce((SELECT group_concat(v.make || ' ' || v.model || coalesce(' ' || v.vin || ' ' || substr(v.vin, 12), ''), ' ')
			FROM vehicles v WHERE v.post_id = new.id), '');
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_posts_search_au` AFTER UPDATE OF title, description, dealer_id ON `inventory_posts` BEGIN
	UPDATE post_search_docs SET
		title = new.title,
		description = new.description,
		dealer = coalesce((SELECT d.name || ' ' || d.dealership_name FROM dealers d WHERE d.id = new.dealer_id), '')
	WHERE post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_posts_search_ad` AFTER DELETE ON `inventory_posts` BEGIN
	DELETE FROM post_search_docs WHERE post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_search_ai` AFTER INSERT ON `vehicles` BEGIN
	UPDATE post_search_docs SET vehicles = coalesce((SELECT group_concat(v.make || ' ' || v.model || coalesce(' ' || v.vin || ' ' || substr(v.vin, 12), ''), ' ')
		FROM vehicles v WHERE v.post_id = new.post_id), '')
	WHERE post_id = new.post_id;
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_search_au` AFTER UPDATE OF make, model, vin, post_id ON `vehicles` BEGIN
	UPDATE post_search_docs SET vehicles = coalesce((SELECT group_concat(v.make || ' ' || v.model || coalesce(' ' || v.vin || ' ' || substr(v.vin, 12), ''), ' ')
		FROM vehicles v WHERE v.post_id = post_search_docs.post_id), '')
	WHERE post_id IN (old.post_id, new.post_id);
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_search_ad` AFTER DELETE ON `vehicles` BEGIN
	UPDATE post_search_docs SET vehicles = coalesce((SELECT group_concat(v.make || ' ' || v.model || coalesce(' ' || v.vin || ' ' || substr(v.vin, 12), ''), ' ')
		FROM vehicles v WHERE v.post_id = old.post_id), '')
	WHERE post_id = old.post_id;
END;
--> statement-breakpoint
CREATE TRIGGER `dealers_search_au` AFTER UPDATE OF name, dealership_name ON `dealers` BEGIN
	UPDATE post_search_docs SET dealer = new.name || ' ' || new.dealership_name
	WHERE post_id IN (SELECT p.id FROM inventory_posts p WHERE p.dealer_id = new.id);
END;
--> statement-breakpoint
-- A view is counted once per viewer: the counter moves only when a (post, viewer) row is really inserted,
-- so `INSERT ... ON CONFLICT DO NOTHING` on post_views is the whole "count a view" operation, atomic.
CREATE TRIGGER `post_views_count_ai` AFTER INSERT ON `post_views` BEGIN
	UPDATE inventory_posts SET view_count = view_count + 1 WHERE id = new.post_id;
END;
--> statement-breakpoint
-- Posts that existed before this migration.
INSERT INTO post_search_docs (post_id, title, description, dealer, vehicles)
SELECT p.id, p.title, p.description,
	coalesce((SELECT d.name || ' ' || d.dealership_name FROM dealers d WHERE d.id = p.dealer_id), ''),
	coalesce((SELECT group_concat(v.make || ' ' || v.model || coalesce(' ' || v.vin || ' ' || substr(v.vin, 12), ''), ' ')
		FROM vehicles v WHERE v.post_id = p.id), '')
FROM inventory_posts p
ORDER BY p.created_at, p.id;
