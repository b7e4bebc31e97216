import { z } from "zod";
import type { IceServer } from "#lib/api-types";

/**
 * ICE servers for a call. Cloudflare Realtime TURN when TURN_KEY_ID and TURN_KEY_API_TOKEN are
 * configured: the worker trades the long-lived key for credentials that expire, so the browser never sees the
 * key nor calls the TURN API. Otherwise (and when that API fails) Cloudflare's public STUN server only:
 * enough for most networks, and two browsers on one machine or one LAN connect with no server at all.
 */
export type TurnEnv = { TURN_KEY_ID?: string; TURN_KEY_API_TOKEN?: string };

export const DEFAULT_ICE_SERVERS: IceServer[] = [{ urls: ["stun:stun.cloudflare.com:3478"] }];
const CREDENTIAL_TTL_SECONDS = 4 * 60 * 60;
const TIMEOUT_MS = 3000;

const answerSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});

export async function iceServersFor(env: TurnEnv, fetcher: typeof fetch = fetch): Promise<IceServer[]> {
  if (!env.TURN_KEY_ID || !env.TURN_KEY_API_TOKEN) return DEFAULT_ICE_SERVERS;
  try {
    const res = await fetcher(
      `https://rtc.live.cloudflare.com/v1/turn/keys/${encodeURIComponent(env.TURN_KEY_ID)}/credentials/generate-ice-servers`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${env.TURN_KEY_API_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ttl: CREDENTIAL_TTL_SECONDS }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
    );
    if (!res.ok) throw new Error(`TURN credentials: ${res.status}`);
    const { iceServers } = answerSchema.parse(await res.json());
    return iceServers.map((s) => ({ ...s, urls: Array.isArray(s.urls) ? s.urls : [s.urls] }));
  } catch (error) {
    console.error("TURN credentials unavailable, calls use STUN only", error);
    return DEFAULT_ICE_SERVERS;
  }
}
