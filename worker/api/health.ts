import { healthReportSchema } from "#lib/api-types";
import { anyoneRoute, openApiRouter } from "./openapi";

/**
 * `GET /api/health`: D1, R2 and a Durable Object, each with its status and latency. 200 while everything
 * answers (even slowly), 503 when anything is down. Never cached: the /status page polls it.
 */
export const healthRoutes = openApiRouter().openapi(
  anyoneRoute.get("/", { 200: healthReportSchema }),
  async (c) => {
    const report = await c.var.services.publicSite.health();
    c.header("Cache-Control", "no-store");
    return c.json(report, report.status === "down" ? 503 : 200);
  },
);
