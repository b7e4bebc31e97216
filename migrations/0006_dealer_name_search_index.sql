DROP INDEX `dealers_name_idx`;--> statement-breakpoint
CREATE INDEX `dealers_name_search_idx` ON `dealers` ("name" collate nocase,`id`,`dealership_name`);