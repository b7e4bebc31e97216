-- The directory's name search counts its matches from this table instead of reading the dealers one by one: every
-- suffix of three characters or more of every word (split at spaces) of a dealer's lowered name and dealership
-- name. A text without a space is contained in a name exactly when it begins one of these suffixes, so a search's
-- matches are one range of the primary key, read in order and only as far as the count goes
-- (worker/domain/directory/name-suffixes.ts). lower() folds A-Z only, as LIKE does. Keyed by the dealer's id,
-- never a rowid, so a VACUUM changes nothing; the triggers below keep it as the dealers' names change.
CREATE TABLE `dealer_name_suffixes` (
	`suffix` text NOT NULL,
	`dealer_id` text NOT NULL,
	PRIMARY KEY (`suffix`, `dealer_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- What the table holds for each dealer as the dealer is now: the one place the suffixes are cut. Positions
-- 1…n of a text come from json_each over an array of n zeros (a trigger cannot hold a WITH). Read for one
-- dealer (`WHERE dealer_id = …`), SQLite reads that dealer's row alone.
CREATE VIEW `dealer_name_suffixes_now` AS
SELECT substr(w.rest, 1, instr(w.rest, ' ') - 1) AS suffix, w.id AS dealer_id FROM (
	SELECT t.id, substr(t.text, p.key + 1) AS rest
	FROM (SELECT d.id, lower(d.`name`) || ' ' || lower(d.`dealership_name`) || ' ' AS text FROM dealers d) AS t,
		json_each('[' || replace(printf('%.*c', length(t.text) - 1, '0'), '0', '0,') || '0]') AS p
) AS w
WHERE substr(w.rest, 1, 1) != ' ' AND instr(w.rest, ' ') > 3;
--> statement-breakpoint
-- DISTINCT: a word twice, or two words ending alike, cut the same suffix twice, and under an upsert
-- (INSERT … ON CONFLICT DO UPDATE on dealers) the outer statement's conflict handling overrides OR IGNORE here.
CREATE TRIGGER `dealer_name_suffixes_ai` AFTER INSERT ON `dealers` BEGIN
	INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id)
	SELECT DISTINCT suffix, dealer_id FROM dealer_name_suffixes_now WHERE dealer_id = new.id;
END;
--> statement-breakpoint
-- Before a rename or a deletion, while `dealers` still holds the old names: their suffixes, by the key (the table
-- has no index on the dealer alone).
CREATE TRIGGER `dealer_name_suffixes_bu` BEFORE UPDATE OF `name`, `dealership_name` ON `dealers` BEGIN
	DELETE FROM dealer_name_suffixes WHERE dealer_id = old.id
		AND suffix IN (SELECT suffix FROM dealer_name_suffixes_now WHERE dealer_id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `dealer_name_suffixes_au` AFTER UPDATE OF `name`, `dealership_name` ON `dealers` BEGIN
	INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id)
	SELECT DISTINCT suffix, dealer_id FROM dealer_name_suffixes_now WHERE dealer_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `dealer_name_suffixes_bd` BEFORE DELETE ON `dealers` BEGIN
	DELETE FROM dealer_name_suffixes WHERE dealer_id = old.id
		AND suffix IN (SELECT suffix FROM dealer_name_suffixes_now WHERE dealer_id = old.id);
END;
--> statement-breakpoint
-- The dealers already there.
INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id) SELECT suffix, dealer_id FROM dealer_name_suffixes_now;
