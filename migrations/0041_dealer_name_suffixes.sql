-- The directory's name search counts its matches from this table instead of reading the dealers one by one: every
-- suffix of three characters or more of every word (split at spaces) of a dealer's lowered name and dealership
-- name. A text without a space is contained in a name exactly when it begins one of these suffixes, so a search's
-- matches are one range of the primary key, read in order and only as far as the count goes
-- (worker/domain/directory/name-suffixes.ts). lower() folds A-Z only, as LIKE does. Keyed by the dealer's id,
-- never a rowid, so a VACUUM changes nothing; the triggers below keep it as the dealers' names change.
-- Positions 1…n of a text come from json_each over an array of n zeros (a trigger cannot hold a WITH).
CREATE TABLE `dealer_name_suffixes` (
	`suffix` text NOT NULL,
	`dealer_id` text NOT NULL,
	PRIMARY KEY (`suffix`, `dealer_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `dealer_name_suffixes_ai` AFTER INSERT ON `dealers` BEGIN
	INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id)
	SELECT s.suffix, new.id FROM (SELECT substr(w.rest, 1, instr(w.rest, ' ') - 1) AS suffix FROM (
		SELECT substr(t.text, p.key + 1) AS rest
		FROM (SELECT lower(new.`name`) || ' ' || lower(new.`dealership_name`) || ' ' AS text) AS t,
			json_each('[' || replace(printf('%.*c', length(t.text) - 1, '0'), '0', '0,') || '0]') AS p
	) AS w
	WHERE substr(w.rest, 1, 1) != ' ' AND instr(w.rest, ' ') > 3) AS s;
END;
--> statement-breakpoint
CREATE TRIGGER `dealer_name_suffixes_au` AFTER UPDATE OF `name`, `dealership_name` ON `dealers` BEGIN
	DELETE FROM dealer_name_suffixes WHERE dealer_id = old.id AND suffix IN (SELECT substr(w.rest, 1, instr(w.rest, ' ') - 1) AS suffix FROM (
		SELECT substr(t.text, p.key + 1) AS rest
		FROM (SELECT lower(old.`name`) || ' ' || lower(old.`dealership_name`) || ' ' AS text) AS t,
			json_each('[' || replace(printf('%.*c', length(t.text) - 1, '0'), '0', '0,') || '0]') AS p
	) AS w
	WHERE substr(w.rest, 1, 1) != ' ' AND instr(w.rest, ' ') > 3);
	INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id)
	SELECT s.suffix, new.id FROM (SELECT substr(w.rest, 1, instr(w.rest, ' ') - 1) AS suffix FROM (
		SELECT substr(t.text, p.key + 1) AS rest
		FROM (SELECT lower(new.`name`) || ' ' || lower(new.`dealership_name`) || ' ' AS text) AS t,
			json_each('[' || replace(printf('%.*c', length(t.text) - 1, '0'), '0', '0,') || '0]') AS p
	) AS w
	WHERE substr(w.rest, 1, 1) != ' ' AND instr(w.rest, ' ') > 3) AS s;
END;
--> statement-breakpoint
CREATE TRIGGER `dealer_name_suffixes_ad` AFTER DELETE ON `dealers` BEGIN
	DELETE FROM dealer_name_suffixes WHERE dealer_id = old.id AND suffix IN (SELECT substr(w.rest, 1, instr(w.rest, ' ') - 1) AS suffix FROM (
		SELECT substr(t.text, p.key + 1) AS rest
		FROM (SELECT lower(old.`name`) || ' ' || lower(old.`dealership_name`) || ' ' AS text) AS t,
			json_each('[' || replace(printf('%.*c', length(t.text) - 1, '0'), '0', '0,') || '0]') AS p
	) AS w
	WHERE substr(w.rest, 1, 1) != ' ' AND instr(w.rest, ' ') > 3);
END;
--> statement-breakpoint
-- The dealers already there.
INSERT OR IGNORE INTO dealer_name_suffixes (suffix, dealer_id)
SELECT substr(w.rest, 1, instr(w.rest, ' ') - 1), w.id FROM (
	SELECT t.id, substr(t.text, p.key + 1) AS rest
	FROM (SELECT d.id, lower(d.`name`) || ' ' || lower(d.`dealership_name`) || ' ' AS text FROM dealers d) AS t,
		json_each('[' || replace(printf('%.*c', length(t.text) - 1, '0'), '0', '0,') || '0]') AS p
) AS w
WHERE substr(w.rest, 1, 1) != ' ' AND instr(w.rest, ' ') > 3;
