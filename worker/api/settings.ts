import { userSettingsSchema } from "#lib/api-types";
import { settingsPatchSchema } from "#lib/schemas/settings";
import { requireViewer, viewersOnly } from "../auth/guards";
import { openApiRouter, signedInRoute } from "./openapi";

/** Settings: stored per account; the defaults until the first save. */
export const settingsRoutes = openApiRouter(viewersOnly)
  .openapi(signedInRoute.get("/", { 200: userSettingsSchema }), async (c) => {
    const viewer = requireViewer(c);
    return c.json(await c.var.services.settings.forAccount(viewer.accountId), 200);
  })
  .openapi(
    signedInRoute.patch("/", { 200: userSettingsSchema }, { body: settingsPatchSchema }),
    async (c) => {
      const viewer = requireViewer(c);
      const settings = await c.var.services.settings.update(viewer.accountId, c.req.valid("json"));
      return c.json(settings, 200);
    },
  );
