import { Hono } from "hono";
import { api } from "./api";
import { createServices } from "./domain";
import { answerError } from "./http/errors";
import { sameOriginMutations } from "./http/same-origin";
import { securityHeaders } from "./http/security-headers";
import { loadSession } from "./http/session";
import type { AppEnv } from "./http/types";
import { renderRemix } from "./remix";

/** Worker entry: headers → origin check → session → /api (Hono) → everything else through Remix. */
const app = new Hono<AppEnv>()
  .use(securityHeaders)
  .use(sameOriginMutations)
  .use(async (c, next) => {
    c.set("services", createServices(c.env));
    await next();
  })
  .use(loadSession)
  .route("/api", api)
  .all("*", (c) => renderRemix(c))
  .onError(answerError);

export default {
  fetch: app.fetch,
  /** Daily housekeeping: expired sessions and old rate-limit windows. */
  async scheduled(_controller, env) {
    const services = createServices(env);
    await Promise.all([services.sessions.forgetExpired(), services.rateLimits.forgetStale()]);
  },
} satisfies ExportedHandler<Env>;
