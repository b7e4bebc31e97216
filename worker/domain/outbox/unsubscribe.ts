import type { Database } from "../../db/client";
import { secretStore } from "../shared/secrets";

/**
 * Signed one-click unsubscribe tokens (RFC 8058): `{dealerId}.{category}.{HMAC}`, base64url. They never
 * expire — an old e-mail's link must still work — and name exactly one category of one dealer. The key is
 * UNSUBSCRIBE_SIGNING_SECRET when configured, else a random key made once and kept in D1.
 */
const SECRET_NAME = "unsubscribe-signing-key";

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const encodeText = (text: string) => toBase64Url(new TextEncoder().encode(text));

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function decodeText(text: string): string | null {
  const bytes = fromBase64Url(text);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

export function unsubscribeTokens(db: Database, env: { UNSUBSCRIBE_SIGNING_SECRET?: string }) {
  let key: Promise<CryptoKey> | null = null;

  // Read before written: every deal alert's e-mail signs a link, and a write per batch on the one primary is
  // what a national fan-out paid for a key that exists after the first e-mail.
  function signingKey(): Promise<CryptoKey> {
    key ??= secretStore(db).hmacKey(SECRET_NAME, env.UNSUBSCRIBE_SIGNING_SECRET);
    return key;
  }

  const signed = (dealerId: string, category: string) =>
    new TextEncoder().encode(`unsubscribe ${dealerId} ${category}`);

  return {
    async sign(dealerId: string, category: string): Promise<string> {
      const signature = await crypto.subtle.sign("HMAC", await signingKey(), signed(dealerId, category));
      return `${encodeText(dealerId)}.${encodeText(category)}.${toBase64Url(new Uint8Array(signature))}`;
    },

    /** The dealer and category a token names, or null when it is not one of ours. */
    async verify(token: string): Promise<{ dealerId: string; category: string } | null> {
      const [dealerPart, categoryPart, signaturePart] = token.split(".");
      if (!dealerPart || !categoryPart || !signaturePart || token.split(".").length !== 3) return null;
      const dealerId = decodeText(dealerPart);
      const category = decodeText(categoryPart);
      const signature = fromBase64Url(signaturePart);
      if (!dealerId || !category || !signature) return null;
      const ok = await crypto.subtle.verify(
        "HMAC",
        await signingKey(),
        signature,
        signed(dealerId, category),
      );
      return ok ? { dealerId, category } : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
