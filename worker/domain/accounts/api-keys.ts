import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  API_KEY_MARK,
  API_KEY_PREFIX_LENGTH,
  MAX_ACTIVE_API_KEYS,
  type ApiKey,
  type ApiKeyInput,
  type ApiKeyScope,
  type CreatedApiKey,
} from "#lib/api-keys";
import { SUSPENDED_MESSAGE } from "#lib/admin-texts";
import { toIso, toIsoOrNull } from "#lib/api-types";
import type { Database } from "../../db/client";
import { accounts, apiKeys, dealers } from "../../db/schema";
import { conflict, notFound } from "../shared/errors";
import { newId, sha256Hex } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { viewerOf, type Viewer } from "./sessions";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62^43 > 2^256: every 32-byte value fits in 43 characters. */
const KEY_LENGTH = 43;
/** "Last used" is kept to the minute: a busy key costs one write a minute, not one per request. */
const LAST_USED_STEP_MS = 60 * 1000;

function base62(bytes: Uint8Array): string {
  let value = bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
  let text = "";
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(KEY_LENGTH, "0");
}

/** A new key: `dl_live_` + 32 random bytes in base62. */
const newApiKey = () => API_KEY_MARK + base62(crypto.getRandomValues(new Uint8Array(32)));

/** Anything that cannot be one of our keys is refused before D1 is asked. */
const looksLikeKey = (key: string) =>
  key.startsWith(API_KEY_MARK) &&
  key.length === API_KEY_MARK.length + KEY_LENGTH &&
  /^[0-9A-Za-z]+$/.test(key.slice(API_KEY_MARK.length));

type Row = typeof apiKeys.$inferSelect;

const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: toIso(row.createdAt),
  lastUsedAt: toIsoOrNull(row.lastUsedAt),
});

type IssueApiKey = { dealerId: string; name: string; scopes: ApiKeyScope[]; issuedBy: string | null };

/**
 * Makes a key for a dealer and answers it once (only its hash is kept). The one way keys are made: the
 * dealer's own POST /api/api-keys and an admin's "Create API key" in /admin/users both call it.
 */
export async function issueApiKey(db: Database, input: IssueApiKey): Promise<CreatedApiKey> {
  const [active] = await db.all<{ n: number }>(
    sql`select count(*) as n from api_keys where dealer_id = ${input.dealerId} and revoked_at is null`,
  );
  if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS)
    throw conflict(`A dealer can hold ${MAX_ACTIVE_API_KEYS} API keys at once. Revoke one first.`);
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId(),
      dealerId: input.dealerId,
      name: input.name,
      prefix: key.slice(API_KEY_MARK.length, API_KEY_MARK.length + API_KEY_PREFIX_LENGTH),
      keyHash: await sha256Hex(key),
      scopes: input.scopes,
      issuedBy: input.issuedBy,
      createdAt: Date.now(),
    })
    .returning();
  if (!row) throw new Error("The new API key was not stored");
  return { ...toApiKey(row), key };
}

/** Who a key acts for: its dealer's account as a signed-in viewer, its scopes, and whether it may act at all. */
type KeyHolder = {
  keyId: string;
  scopes: ApiKeyScope[];
  viewer: Viewer & { dealer: NonNullable<Viewer["dealer"]> };
  /** The refusal to answer when the dealer's account is suspended; null while it is not. */
  suspended: string | null;
};

export function apiKeyService(db: Database, rateLimits: Pick<RateLimitService, "spend">) {
  return {
    issue: (input: IssueApiKey) => issueApiKey(db, input),

    /** A dealer's own new key (POST /api/api-keys, /settings): counted against the dealer's hourly limit. */
    async create(dealerId: string, accountId: string, input: ApiKeyInput): Promise<CreatedApiKey> {
      await rateLimits.spend([LIMITS.apiKeysPerDealer, dealerId]);
      return issueApiKey(db, { dealerId, issuedBy: accountId, ...input });
    },

    /** The dealer's keys in use, newest first (a revoked key leaves the list). */
    async list(dealerId: string): Promise<ApiKey[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.dealerId, dealerId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    /** Stops a key at once; 404 for a key that is not the dealer's or is already revoked. */
    async revoke(dealerId: string, id: string): Promise<void> {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: Date.now() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.dealerId, dealerId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (revoked.length === 0) throw notFound("API key not found");
    },

    /** The holder of a key in use, or null for a wrong, revoked or orphaned one. One indexed read. */
    async authenticate(key: string): Promise<KeyHolder | null> {
      if (!looksLikeKey(key)) return null;
      const [row] = await db
        .select({ key: apiKeys, account: accounts, dealer: dealers })
        .from(apiKeys)
        .innerJoin(dealers, eq(dealers.id, apiKeys.dealerId))
        .innerJoin(accounts, eq(accounts.id, dealers.accountId))
        .where(and(eq(apiKeys.keyHash, await sha256Hex(key)), isNull(apiKeys.revokedAt)))
        .limit(1);
      if (!row || row.dealer.deletedAt !== null) return null;
      const now = Date.now();
      if (now - (row.key.lastUsedAt ?? 0) > LAST_USED_STEP_MS)
        await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
      return {
        keyId: row.key.id,
        scopes: row.key.scopes,
        suspended: row.account.suspendedAt === null ? null : SUSPENDED_MESSAGE,
        viewer: viewerOf(row),
      };
    },
  };
}
