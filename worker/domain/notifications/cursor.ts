import { badRequest } from "../errors";

/**
 * A keyset cursor over (created_at, id), newest first: opaque base64url of ["t", createdAt, id], checked on
 * the way back in (a cursor that does not decode to that shape is a 400).
 */
export type TimeCursor = { createdAt: number; id: string };

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export function encodeTimeCursor(cursor: TimeCursor): string {
  return toBase64Url(JSON.stringify(["t", cursor.createdAt, cursor.id]));
}

export function decodeTimeCursor(text: string): TimeCursor {
  try {
    if (!/^[A-Za-z0-9_-]{1,300}$/.test(text)) throw new Error("not base64url");
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    const value: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value[0] === "t" &&
      Number.isSafeInteger(value[1]) &&
      typeof value[2] === "string" &&
      value[2].length > 0 &&
      value[2].length <= 64
    ) {
      return { createdAt: value[1] as number, id: value[2] };
    }
  } catch {
    // falls through to the 400
  }
  throw badRequest("Invalid cursor");
}
