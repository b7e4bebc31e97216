import type { VapidKeys } from "@block65/webcrypto-web-push";
import type { Database } from "../../db/client";
import { toBase64Url } from "../shared/base64url";
import { secretStore } from "../shared/secrets";

/** Where a push service can reach the sender of a push (RFC 8292 `sub`), when VAPID_SUBJECT is not set. */
const DEFAULT_VAPID_SUBJECT = "mailto:alerts@dealerlane.app";
const SECRET_NAME = "vapid-keys";

export type VapidEnv = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string };

/** A fresh VAPID key pair: the public point and the private scalar, base64url, as push services expect. */
export async function makeVapidKeys(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  if (!jwk.d) throw new Error("The VAPID private key could not be exported");
  return JSON.stringify({ publicKey: toBase64Url(raw), privateKey: jwk.d });
}

/**
 * The site's VAPID key pair, like the other signing secrets: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both
 * are configured, else a pair made on first use and kept in D1 (app_secrets), so browsers subscribed to it keep
 * getting push after a restart. Replacing the pair unsubscribes every browser: keep it.
 */
export function vapidKeys(db: Database, env: VapidEnv) {
  let keys: Promise<VapidKeys & { publicKey: string }> | null = null;
  return (): Promise<VapidKeys & { publicKey: string }> => {
    keys ??= (async () => {
      const configured =
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? JSON.stringify({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY })
          : undefined;
      const pair = JSON.parse(await secretStore(db).secret(SECRET_NAME, makeVapidKeys, configured)) as {
        publicKey: string;
        privateKey: string;
      };
      return { ...pair, subject: env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT };
    })();
    keys.catch(() => (keys = null));
    return keys;
  };
}
