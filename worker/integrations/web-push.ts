import { buildPushPayload, type VapidKeys } from "@block65/webcrypto-web-push";
import type { PushPayload } from "#lib/schemas/push";
import { PUSH_TTL_SECONDS } from "#lib/schemas/push";
import { ProviderError, postWithin, type SendResult } from "./email-and-sms";

/**
 * Web Push (RFC 8030 / 8291 / 8292) to a browser's push service, on the Workers' Web Crypto: the payload is
 * encrypted to the browser's keys (aes128gcm) and the request signed with the site's VAPID key. Fetch is
 * injected so tests point it at a local push service that decrypts.
 */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The push service says the subscription is no more (404 or 410): the device is forgotten. */
export class PushGone extends ProviderError {
  constructor(status: number) {
    super(`The push service answered ${status}: the device no longer takes push`, false);
    this.name = "PushGone";
  }
}

export type PushSender = { send(target: PushTarget, payload: PushPayload): Promise<SendResult> };

export function pushSender(vapid: () => Promise<VapidKeys>, fetcher: typeof fetch = fetch): PushSender {
  return {
    async send(target, payload) {
      const subscription = {
        endpoint: target.endpoint,
        expirationTime: null,
        keys: { p256dh: target.p256dh, auth: target.auth },
      };
      const request = await buildPushPayload(
        { data: payload, options: { ttl: PUSH_TTL_SECONDS, urgency: "high", topic: topicOf(payload.tag) } },
        subscription,
        await vapid(),
      );
      const provider = new URL(target.endpoint).host;
      const answer = await postWithin(
        fetcher,
        provider,
        target.endpoint,
        { headers: request.headers, body: request.body },
        (answer) =>
          answer.status === 404 || answer.status === 410 ? new PushGone(answer.status) : undefined,
      );
      // The push service names the message it keeps in Location (RFC 8030 §5).
      return { provider: "web-push", providerId: answer.headers.get("Location") ?? provider };
    },
  };
}

/** A push service replaces a waiting push with a newer one of the same topic (at most 32 base64url characters). */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined;

/** Addresses WEB_PUSH_RELAY may name: this machine only, so a stray setting can never send dealers' pushes away. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * How pushes leave the worker: to each subscription's push service, or on a local run (the bench) to the push
 * service on this machine that WEB_PUSH_RELAY names, at the endpoint's path. The VAPID audience stays the
 * endpoint's own origin.
 */
export function pushFetch(relay?: string): typeof fetch {
  const base = relay ? new URL(relay) : null;
  if (base && !LOOPBACK.has(base.hostname)) {
    console.error(`WEB_PUSH_RELAY ${relay} is not on this machine; pushes go to their push services`);
    return (input, init) => fetch(input, init);
  }
  if (!base) return (input, init) => fetch(input, init);
  return (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    return fetch(new URL(`${target.pathname}${target.search}`, base), init);
  };
}
