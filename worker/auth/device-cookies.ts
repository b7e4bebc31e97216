import { serializeCookie } from "#lib/cookies";
import { readCookie } from "./cookies";
import { randomToken } from "../domain/shared/ids";
import { toHex } from "../domain/shared/bytes";

const DEVICE_COOKIE = "dl_device";
const DEVICE_DAYS = 180;
const DEVICE_MS = DEVICE_DAYS * 24 * 60 * 60 * 1000;
/** Tokens of this many accounts per browser (a shared office computer), newest first. */
const MAX_ACCOUNTS = 5;

type Token = { issued: number; nonce: string; signature: string };

const encoder = new TextEncoder();
const signedText = (email: string, issued: number, nonce: string) =>
  encoder.encode(`device-cookie|${email}|${issued}|${nonce}`);
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

function tokensIn(cookieHeader: string | null | undefined): Token[] {
  const value = readCookie(cookieHeader ?? null, DEVICE_COOKIE);
  if (!value) return [];
  return value
    .split("~")
    .slice(0, MAX_ACCOUNTS)
    .flatMap((text) => {
      const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{20,64})\.([0-9a-f]{64})$/.exec(text);
      return match
        ? [{ issued: parseInt(match[1] ?? "", 36), nonce: match[2] ?? "", signature: match[3] ?? "" }]
        : [];
    });
}

const textOf = (t: Token) => `${t.issued.toString(36)}.${t.nonce}.${t.signature}`;

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in
 * to an account holds a token for it, HMAC-signed over the account's e-mail, so the cookie names no address and
 * cannot be forged or moved to another account. docs/decisions/0008-sign-in-throttling.md says how sign-in uses it.
 */
export function deviceCookies(loadKey: () => Promise<CryptoKey>) {
  let loaded: Promise<CryptoKey> | undefined;
  const key = () => (loaded ??= loadKey());

  async function isFor(token: Token, email: string, now: number): Promise<boolean> {
    if (token.issued > now || now - token.issued > DEVICE_MS) return false;
    const signature = fromHex(token.signature);
    return crypto.subtle.verify("HMAC", await key(), signature, signedText(email, token.issued, token.nonce));
  }

  return {
    /** The nonce of this browser's valid token for `email` (what its failed attempts count against), or null. */
    async recognise(cookieHeader: string | null | undefined, email: string, now = Date.now()) {
      for (const token of tokensIn(cookieHeader)) {
        if (await isFor(token, email, now)) return token.nonce;
      }
      return null;
    },

    /** After a successful sign-in: a fresh token for `email` in front of the browser's tokens for other accounts. */
    async issue(
      cookieHeader: string | null | undefined,
      email: string,
      requestUrl: string,
      now = Date.now(),
    ) {
      const nonce = randomToken();
      const signature = toHex(await crypto.subtle.sign("HMAC", await key(), signedText(email, now, nonce)));
      const others: Token[] = [];
      for (const token of tokensIn(cookieHeader)) {
        if (now - token.issued <= DEVICE_MS && !(await isFor(token, email, now))) others.push(token);
      }
      const tokens = [{ issued: now, nonce, signature }, ...others].slice(0, MAX_ACCOUNTS);
      return serializeCookie(
        DEVICE_COOKIE,
        tokens.map(textOf).join("~"),
        requestUrl,
        DEVICE_DAYS * 24 * 60 * 60,
      );
    },
  };
}
