import { z } from "zod";

/**
 * Bearer API keys of the public API (docs/decisions/0022-public-api.md): shared by the worker,
 * the /settings screen and the API document.
 */

export const API_KEY_SCOPES = ["read", "messages:write", "connections:write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read: dealers, messages, deals and inventory",
  "messages:write": "Send messages",
  "connections:write": "Connect with dealers",
};

/** `dl_live_` + 32 random bytes in base62; the prefix shown is the first 8 characters after it. */
export const API_KEY_MARK = "dl_live_";
export const API_KEY_PREFIX_LENGTH = 8;
/** Enough keys for every integration a dealership runs; a key more is refused until one is revoked. */
export const MAX_ACTIVE_API_KEYS = 10;

/** Per key: 60 requests a minute, at most 20 of them in any 10 seconds (fixed windows in D1). */
export const API_KEY_RATE = { perMinute: 60, burst: 20, burstSeconds: 10 } as const;

export const PREMIUM_API_MESSAGE = "API keys are part of Premium. Upgrade to Premium to create one.";

export const apiKeyInputSchema = z.object({
  name: z
    .string({ error: "Please name the key" })
    .trim()
    .min(1, "Please name the key")
    .max(60, "A key's name is at most 60 characters")
    .describe("what the key is for, e.g. 'DMS sync'"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "scopes are read, messages:write and connections:write" }), {
      error: "Please choose at least one scope",
    })
    .min(1, "Please choose at least one scope")
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)])
    .describe("what the key may do"),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

export const apiKeyIdSchema = z.object({ id: z.string().min(1).max(64) });

/** A key as listed: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("the first 8 characters after dl_live_, to tell keys apart"),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe("to the minute; null until first used"),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a create: the only answer that ever holds `key`. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe("the key itself: shown this once, store it now"),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** The key form of a page: its ticked scopes arrive as one value or several. */
export const apiKeyFormSchema = apiKeyInputSchema.extend({
  scopes: z.preprocess((v) => (v === undefined ? [] : [v].flat()), apiKeyInputSchema.shape.scopes),
});
