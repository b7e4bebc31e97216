import { userSettingsSchema } from "#lib/api-types";
import { settingsPatchSchema } from "#lib/schemas/settings";
import { requireViewer, viewersOnly } from "../auth/guards";
import { json, openApiRouter, sessionRoute } from "./openapi";

/** Settings: stored per account; the defaults until the first save. */
export const settingsRoutes = openApiRouter(viewersOnly)
  .openapi(
    sessionRoute({ method: "get", path: "/", access: "signed-in", answers: { 200: userSettingsSchema } }),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json(await c.var.services.settings.forAccount(viewer.accountId), 200);
    },
  )
  .openapi(
    sessionRoute({
      method: "patch",
      path: "/",
      access: "signed-in",
      request: { body: json(settingsPatchSchema) },
      answers: { 200: userSettingsSchema },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      const settings = await c.var.services.settings.update(viewer.accountId, c.req.valid("json"));
      return c.json(settings, 200);
    },
  );
