DROP INDEX `wanted_vehicles_match_idx`;--> statement-breakpoint
CREATE INDEX `wanted_vehicles_match_idx` ON `wanted_vehicles` (`make_key`,`model_key`,`created_at`);