-- Chat history moves out of D1 into each chat's room (docs/decisions/0056-chat-history-in-rooms.md), and the chat
-- list, the unread badge and My Stats' messages sent now read the lines D1 keeps beside each chat. A room writes
-- those lines when it takes its chat's D1 messages, on first use or in the daily cron; until then they are
-- computed here from the messages still in D1, so no dealer's badge or chat list goes blank at the deploy.
UPDATE `chat_participants` SET
  `unread_count` = (SELECT count(*) FROM `messages` m
    WHERE m.`chat_id` = `chat_participants`.`chat_id` AND m.`receiver_id` = `chat_participants`.`dealer_id` AND m.`is_read` = 0),
  `sent_count` = (SELECT count(*) FROM `messages` m
    WHERE m.`chat_id` = `chat_participants`.`chat_id` AND m.`sender_id` = `chat_participants`.`dealer_id`)
WHERE `chat_id` IN (SELECT `chat_id` FROM `messages`);
--> statement-breakpoint
-- The last message as the list shows it (its text cut to LAST_MESSAGE_PREVIEW = 200 characters, as the rooms do).
UPDATE `chats` SET `last_message` = (
  SELECT json_object(
    'id', m.`id`, 'clientId', m.`client_id`, 'chatId', m.`chat_id`, 'senderId', m.`sender_id`,
    'receiverId', m.`receiver_id`,
    'content', CASE WHEN length(m.`content`) > 200 THEN substr(m.`content`, 1, 199) || '…' ELSE m.`content` END,
    'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', m.`created_at` / 1000.0, 'unixepoch'),
    'isRead', json(CASE WHEN m.`is_read` THEN 'true' ELSE 'false' END),
    'context', json(m.`context`), 'attachments', coalesce(json(m.`attachments`), json('[]')),
    'call', json(m.`call`), 'offer', json(m.`offer`))
  FROM `messages` m WHERE m.`chat_id` = `chats`.`id` ORDER BY m.`created_at` DESC, m.`id` DESC LIMIT 1)
WHERE `last_message` IS NULL AND `id` IN (SELECT `chat_id` FROM `messages`);
