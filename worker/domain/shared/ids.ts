import { toBase64Url } from "./base64url";
import { toHex } from "./bytes";

export const newId = () => crypto.randomUUID();

/**
 * A UUID (version 7, RFC 9562) that starts with the time in milliseconds, then 74 random bits: rows written in
 * bulk (bells, outbox messages) land beside the ones written just before in their primary key's index, instead of
 * dirtying a random page of it per row. Nothing reads these rows by an id guessed: every read is scoped to the
 * dealer or an admin.
 */
export function newTimeOrderedId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  for (let i = 5, t = now; i >= 0; i--, t = Math.floor(t / 256)) bytes[i] = t % 256;
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(digest);
}

/** 32 random bytes, base64url: the session token and other bearer secrets. */
export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
