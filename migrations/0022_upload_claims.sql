CREATE TABLE `upload_claims` (
	`key` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `upload_claims_expiry_idx` ON `upload_claims` (`expires_at`);