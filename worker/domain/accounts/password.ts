/**
 * PBKDF2-SHA256 through WebCrypto. The hash string carries its scheme and iteration count
 * ("pbkdf2-sha256$100000$salt$hash") so the count can be raised later without breaking old hashes;
 * workerd refuses more than 100 000 iterations in production.
 */
import { z } from "zod";

const SCHEME = "pbkdf2-sha256";
/** What every new hash gets, unless PASSWORD_HASH_ITERATIONS says otherwise (`passwordIterationsOf`). */
export const PASSWORD_ITERATIONS = 100_000;
/** The fewest a setting may ask for: below it the setting is ignored. */
const FEWEST_ITERATIONS = 1_000;

const iterationsSetting = z.coerce.number().int().min(FEWEST_ITERATIONS).max(PASSWORD_ITERATIONS);

/**
 * New hashes' iteration count from the PASSWORD_HASH_ITERATIONS setting, which only the workerd test suite's
 * configuration sets (vitest.config.ts): its ~900 hashes took 15 ms of CPU each, about 14 s of the suite. Unset,
 * out of bounds or not a whole number: 100 000. A stored hash keeps its own count, so a check never depends on
 * the setting.
 */
export function passwordIterationsOf(setting: string | undefined): number {
  const parsed = iterationsSetting.safeParse(setting);
  return parsed.success ? parsed.data : PASSWORD_ITERATIONS;
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as Uint8Array<ArrayBuffer>, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText)
    return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  return constantTimeEqual(actual, expected);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstNothing(
  password: string,
  iterations = PASSWORD_ITERATIONS,
): Promise<false> {
  await derive(password, new Uint8Array(16), iterations);
  return false;
}
