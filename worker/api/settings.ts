import { Hono } from "hono";
import { settingsPatchSchema } from "#lib/schemas/settings";
import { requireViewer, viewersOnly } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { validate } from "./validate";

/** Settings: stored per account; the defaults until the first save. */
export const settingsRoutes = new Hono<AppEnv>()
  .use(viewersOnly)
  .get("/", async (c) => {
    const viewer = requireViewer(c);
    return c.json(await c.var.services.settings.forAccount(viewer.accountId), 200);
  })
  .patch("/", validate("json", settingsPatchSchema), async (c) => {
    const viewer = requireViewer(c);
    const settings = await c.var.services.settings.update(viewer.accountId, c.req.valid("json"));
    return c.json(settings, 200);
  });
