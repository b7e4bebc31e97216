import { Hono } from "hono";
import { adminsOnly } from "../auth/guards";
import type { AppEnv } from "../http/types";

/**
 * /api/admin/*: the admin console's calls. The guard runs for every path under it — endpoints or not — so
 * a signed-out caller gets 401 and a dealer 403 before anything could answer 404.
 */
export const adminRoutes = new Hono<AppEnv>().use(adminsOnly);
