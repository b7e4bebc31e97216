PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_chat_attachments` (
	`file_id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`chat_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`attachment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_chat_attachments`("file_id", "message_id", "chat_id", "sender_id", "attachment", "created_at") SELECT "file_id", "message_id", "chat_id", "sender_id", "attachment", "created_at" FROM `chat_attachments`;--> statement-breakpoint
DROP TABLE `chat_attachments`;--> statement-breakpoint
ALTER TABLE `__new_chat_attachments` RENAME TO `chat_attachments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `chat_attachments_message_idx` ON `chat_attachments` (`message_id`);