import type { D1Meter } from "../db/meter";
import type { Services } from "../domain";
import type { SessionLookup } from "../domain/sessions";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    services: Services;
    session: SessionLookup | null;
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
