ALTER TABLE `chat_attachments` ADD `attachment` text;--> statement-breakpoint
ALTER TABLE `chat_participants` ADD `unread_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participants` ADD `sent_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participants` ADD `asked_at` integer;--> statement-breakpoint
ALTER TABLE `chat_participants` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `chats` ADD `last_message` text;