import { authFlows } from "../auth/flows";
import { openDatabase } from "../db/client";
import { accountService } from "./accounts";
import { dealerService } from "./dealers";
import { demoService } from "./demo";
import { rateLimitService } from "./rate-limits";
import { sessionService } from "./sessions";
import { shellService } from "./shell";

/** Every domain service, bound to this request's bindings. The only way the app reaches D1. */
export function createServices(env: Env) {
  const db = openDatabase(env.DB);
  const accounts = accountService(db);
  const dealers = dealerService(db);
  const sessions = sessionService(db);
  const rateLimits = rateLimitService(db);
  const demo = demoService(db);
  return {
    accounts,
    dealers,
    sessions,
    rateLimits,
    demo,
    auth: authFlows({ accounts, sessions, rateLimits, demo }),
    shell: shellService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
