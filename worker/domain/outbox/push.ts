import { sql } from "drizzle-orm";
import type { PushPayload } from "#lib/schemas/push";
import type { Database } from "../../db/client";
import type { SendResult } from "../../integrations/email-and-sms";
import { ProviderError } from "../../integrations/email-and-sms";
import { PushGone, type PushSender, type PushTarget } from "../../integrations/web-push";
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
 * Sends a run's pushes to the devices their rows name, the devices read in one statement for the whole run. A
 * device turned off since (its row deleted) fails for good; one the push service reports gone (404, 410) is
 * forgotten as the run is recorded, so nothing is sent to it again.
 */
export function pushDelivery(db: Database, sender: PushSender) {
  return {
    async targets(rows: readonly { channel: string; recipient: string }[]): Promise<Map<string, PushTarget>> {
      const ids = rows.filter((row) => row.channel === "push").map((row) => row.recipient);
      if (ids.length === 0) return new Map();
      const found = await db.all<PushTarget & { id: string }>(sql`
        select id, endpoint, p256dh, auth from push_subscriptions
        where id in (select value from json_each(${JSON.stringify(ids)}))`);
      return new Map(found.map(({ id, ...target }) => [id, target]));
    },

    /** Sends one push; a device the push service reports gone joins `gone`. */
    async send(
      row: { recipient: string; bodyText: string },
      targets: Map<string, PushTarget>,
      gone: Set<string>,
    ): Promise<SendResult> {
      const target = targets.get(row.recipient);
      if (!target) throw new ProviderError("The device turned push off", false);
      try {
        return await sender.send(target, JSON.parse(row.bodyText) as PushPayload);
      } catch (error) {
        if (error instanceof PushGone) gone.add(row.recipient);
        throw error;
      }
    },

    /** Forgets the devices the push service reported gone. */
    forget: (gone: Set<string>) =>
      sql`delete from push_subscriptions where id in (select value from json_each(${JSON.stringify([...gone])}))`,
  };
}
