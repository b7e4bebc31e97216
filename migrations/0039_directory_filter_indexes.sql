DROP INDEX `dealers_state_idx`;--> statement-breakpoint
DROP INDEX `dealers_type_idx`;--> statement-breakpoint
DROP INDEX `dealers_name_search_idx`;--> statement-breakpoint
CREATE INDEX `dealers_state_name_idx` ON `dealers` (`state`,"name" collate nocase,`id`,`is_demo`);--> statement-breakpoint
CREATE INDEX `dealers_name_search_idx` ON `dealers` ("name" collate nocase,`id`,`dealership_name`,`is_demo`,`state`,`dealership_type`,`buys_canadian_vehicles`,`verified_at`);