import { sql } from "drizzle-orm";
import { toIso } from "#lib/api-types";
import { MAX_PUSH_DEVICES, PUSH_KINDS, type PushKind, type PushSubscriptionInput } from "#lib/schemas/push";
import { PUSH_TEXTS } from "#lib/schemas/push-texts";
import type { Database } from "../../db/client";
import type { EnqueueInput } from "../outbox";
import type { TemplateData } from "../outbox/templates";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { forbidden } from "../shared/errors";
import { newId } from "../shared/ids";

type PushDeps = {
  rateLimits: RateLimitService;
  /** The site's VAPID public key, handed to the browser's pushManager.subscribe. */
  publicKey: () => Promise<string>;
};

export type PushDevice = { id: string; endpoint: string; createdAt: string };
export type PushSwitches = Record<PushKind, boolean>;

/**
 * Web Push for dealers: the devices each one turned it on for, a switch per kind of alert, and the pushes a
 * notification queues in the outbox (one per device), which the courier sends and retries like an e-mail.
 * Demo accounts are shared by every visitor, so they get none: a push they caused would reach a stranger's phone.
 */
export function pushService(db: Database, deps: PushDeps) {
  return {
    publicKey: deps.publicKey,

    /** Turns push on for one device (again: the same row); past the cap, the dealer's oldest devices are forgotten. */
    async subscribe(
      dealer: { id: string; isDemo: boolean },
      input: PushSubscriptionInput,
    ): Promise<PushDevice> {
      if (dealer.isDemo) throw forbidden(PUSH_TEXTS.demo);
      await deps.rateLimits.spend([LIMITS.pushChangesPerDealer, dealer.id]);
      const [row] = await db.all<{ id: string; endpoint: string; createdAt: number }>(sql`
        insert into push_subscriptions (id, dealer_id, endpoint, p256dh, auth)
        values (${newId()}, ${dealer.id}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth})
        on conflict (dealer_id, endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth
        returning id, endpoint, created_at as createdAt`);
      if (!row) throw new Error("The push subscription was not stored");
      await db.run(sql`
        delete from push_subscriptions where dealer_id = ${dealer.id} and id not in (
          select id from push_subscriptions where dealer_id = ${dealer.id}
          order by created_at desc, id desc limit ${MAX_PUSH_DEVICES})`);
      return { id: row.id, endpoint: row.endpoint, createdAt: toIso(row.createdAt) };
    },

    /** Turns push off for one device of this dealer; answers whether it had it on. */
    async unsubscribe(dealerId: string, endpoint: string): Promise<boolean> {
      await deps.rateLimits.spend([LIMITS.pushChangesPerDealer, dealerId]);
      const gone = await db.all<{ id: string }>(
        sql`delete from push_subscriptions where dealer_id = ${dealerId} and endpoint = ${endpoint} returning id`,
      );
      return gone.length > 0;
    },

    /** How many devices get this dealer's push. */
    async deviceCount(dealerId: string): Promise<number> {
      const [row] = await db.all<{ n: number }>(
        sql`select count(*) as n from push_subscriptions where dealer_id = ${dealerId}`,
      );
      return row?.n ?? 0;
    },

    /** Every kind's switch; a kind never switched is on. */
    async switches(dealerId: string): Promise<PushSwitches> {
      const rows = await db.all<{ kind: string; on: number }>(
        sql`select kind, "on" from push_switches where dealer_id = ${dealerId}`,
      );
      const saved = new Map(rows.map((r) => [r.kind, Boolean(r.on)]));
      return Object.fromEntries(PUSH_KINDS.map((k) => [k, saved.get(k) ?? true])) as PushSwitches;
    },

    async setSwitch(dealerId: string, kind: PushKind, on: boolean): Promise<PushSwitches> {
      await deps.rateLimits.spend([LIMITS.pushChangesPerDealer, dealerId]);
      await db.run(sql`
        insert into push_switches (dealer_id, kind, "on") values (${dealerId}, ${kind}, ${on ? 1 : 0})
        on conflict (dealer_id, kind) do update set "on" = excluded."on"`);
      return this.switches(dealerId);
    },

    /**
     * The devices that get push, for each of these dealers (one statement for them all), with the kinds each
     * dealer switched off. Demo dealers have none.
     */
    async devicesOf(dealerIds: readonly string[]): Promise<Map<string, PushDevices>> {
      const rows = await db.all<{ dealerId: string; id: string; off: string }>(sql`
        select s.dealer_id as dealerId, s.id as id,
          (select json_group_array(w.kind) from push_switches w where w.dealer_id = s.dealer_id and w."on" = 0) as off
        from push_subscriptions s join dealers d on d.id = s.dealer_id and d.is_demo = 0
        where s.dealer_id in (select value from json_each(${JSON.stringify([...new Set(dealerIds)])}))`);
      const devices = new Map<string, PushDevices>();
      for (const row of rows) {
        const entry = devices.get(row.dealerId) ?? { ids: [], off: new Set(JSON.parse(row.off) as string[]) };
        entry.ids.push(row.id);
        devices.set(row.dealerId, entry);
      }
      return devices;
    },
  };
}

export type PushService = ReturnType<typeof pushService>;

/** One dealer's devices with push on, and the kinds of alert the dealer switched off. */
export type PushDevices = { ids: string[]; off: ReadonlySet<string> };

/**
 * A notification's push to each of the dealer's devices, when its kind's switch is on. The outbox key is the
 * notification's and the device's, so a repeated delivery queues nothing twice.
 */
export function pushesFor(
  devices: PushDevices | undefined,
  message: { dealerId: string; kind: PushKind; key: string; data: TemplateData["notification"] },
): EnqueueInput<"notification">[] {
  if (!devices || devices.off.has(message.kind)) return [];
  return devices.ids.map((id) => ({
    channel: "push",
    to: id,
    template: "notification",
    data: message.data,
    category: message.kind,
    idempotencyKey: `${message.key}:push:${id}`,
    dealerId: message.dealerId,
  }));
}
