CREATE TABLE `outbox_bodies` (
	`id` text PRIMARY KEY NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text,
	FOREIGN KEY (`id`) REFERENCES `outbox`(`id`) ON UPDATE no action ON DELETE cascade
);
