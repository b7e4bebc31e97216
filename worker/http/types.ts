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
  };
};
