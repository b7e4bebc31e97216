import { sql } from "drizzle-orm";
import type { PushPayload } from "#lib/schemas/push";
import type { Database } from "../../db/client";
import type { SendResult } from "../../integrations/email-and-sms";
import { ProviderError } from "../../integrations/email-and-sms";
import { PushGone, type PushSender } from "../../integrations/web-push";
import type { TemplateData } from "./templates";

/** A push notification is short: what the lock screen shows of a title and a body, and the screen a tap opens. */
const TITLE_MAX = 80;
const BODY_MAX = 240;

/** What a notification's push carries; `tag` lets the phone replace an older push of the same notification. */
export function pushPayloadOf(data: TemplateData["notification"], tag: string, origin: string): PushPayload {
  return {
    title: data.title.slice(0, TITLE_MAX),
    body: data.body.slice(0, BODY_MAX),
    url: data.link ?? `${origin}/notifications`,
    tag,
  };
}

/**
 * Sends one outbox push to the device its row names. A device turned off since (its row deleted) fails for good;
 * one the push service reports gone (404, 410) is forgotten, so nothing is sent to it again.
 */
export function pushDelivery(db: Database, sender: PushSender) {
  return async (row: { recipient: string; bodyText: string }): Promise<SendResult> => {
    const [target] = await db.all<{ endpoint: string; p256dh: string; auth: string }>(
      sql`select endpoint, p256dh, auth from push_subscriptions where id = ${row.recipient}`,
    );
    if (!target) throw new ProviderError("The device turned push off", false);
    try {
      return await sender.send(target, JSON.parse(row.bodyText) as PushPayload);
    } catch (error) {
      if (error instanceof PushGone)
        await db.run(sql`delete from push_subscriptions where id = ${row.recipient}`);
      throw error;
    }
  };
}
