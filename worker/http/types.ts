import type { D1Meter } from "../db/meter";
import type { gateWrites } from "../db/write-gate";
import type { Services } from "../services";
import type { SessionLookup } from "../domain/accounts/sessions";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    services: Services;
    session: SessionLookup | null;
    /**
     * The session's lookup still under way, when the page went ahead on the session this isolate remembered
     * (worker/http/session.ts): the shell's unread counts come with it.
     */
    sessionLookup?: Promise<SessionLookup | null>;
    /** Holds the request's writes until its session is confirmed (worker/db/write-gate.ts). */
    writeGate: ReturnType<typeof gateWrites>;
    /** The raw cookie token, kept so sign-in can rotate it and sign-out can delete it. */
    sessionToken: string | undefined;
    nonce: string;
    /** The API key this request came with (worker/http/api-key-auth.ts); unset for a browser. */
    apiKeyId?: string;
    /** This request's D1 trips (worker/http/d1-session.ts). */
    d1Meter: D1Meter;
    /** Time spent rendering a page, for Server-Timing. */
    renderMs?: number;
  };
};
