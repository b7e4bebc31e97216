import { sql } from "drizzle-orm";
import type { AlertPreference } from "#lib/schemas/notifications";
import type { outbox } from "../../db/outbox-schema";
import type { EmailSender } from "../../integrations/email";
import type { SmsSender } from "../../integrations/sms";
import type { PushSender } from "../../integrations/web-push";
import type { UnsubscribeTokens } from "./unsubscribe";

/** What the outbox's files share: a row, how it is read, what a message is about, what the outbox is given. */

/**
 * What a message is about. Every category but `transactional` is something the dealer can turn off, so its
 * e-mails carry a one-click unsubscribe: the four alert preferences, and `network` (connections and new
 * dealers writing) which the /settings "Message notifications" switch governs.
 */
export type OutboxCategory = "transactional" | AlertPreference | "network";

export type OutboxStatus = Row["status"];

export type OutboxChannel = "email" | "sms" | "push";

export type Row = typeof outbox.$inferSelect;

/** Every column of a row, named as `Row` names them. */
export const COLUMNS = sql`id, channel, recipient, dealer_id as dealerId, template, category, subject, body_text as bodyText,
  body_html as bodyHtml, unsubscribe_url as unsubscribeUrl, idempotency_key as idempotencyKey, status, attempts,
  next_attempt_at as nextAttemptAt, provider, provider_id as providerId, last_error as lastError,
  created_at as createdAt, sent_at as sentAt`;

export type OutboxDeps = {
  email: EmailSender;
  sms: SmsSender;
  push: PushSender;
  tokens: UnsubscribeTokens;
  /** The site's own address, for links in messages. */
  origin: string;
  /** Asks the courier to deliver at `at` (the durable retry). Failures are logged: the daily sweep rescues. */
  wake: (at: number) => Promise<void>;
};
