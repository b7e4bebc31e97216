import type { Context } from "hono";
import {
  accountExportSchema,
  activeSessionSchema,
  apiErrorSchema,
  securityEventSchema,
  sessionsEndedSchema,
} from "#lib/api-types";
import { accountListQuery, changePasswordSchema, deleteAccountSchema } from "#lib/schemas/account";
import { clientIp, requireViewer, viewersOnly } from "../auth/guards";
import { DomainError } from "../domain/shared/errors";
import { LIMITS } from "../domain/rate-limits";
import { clientInfo } from "../http/client-info";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { openApiRouter, signedInRoute } from "./openapi";

const PAGE_DEFAULT = 50;

/** The signed-in session behind the call, as the account flows need it. */
function current(c: Context<AppEnv>) {
  const viewer = requireViewer(c);
  const session = c.var.session;
  if (!session) throw new DomainError(401, "Please sign in to continue");
  return { accountId: viewer.accountId, tokenHash: session.tokenHash, startedAt: session.startedAt };
}

const from = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  url: c.req.url,
  ...clientInfo(c.req.raw),
});

/** The account's security: password, signed-in sessions, the audit trail. */
export const accountRoutes = openApiRouter(viewersOnly)
  .openapi(
    signedInRoute.post(
      "/password",
      { 200: sessionsEndedSchema, 400: apiErrorSchema },
      { body: changePasswordSchema },
    ),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const ended = await c.var.services.auth.changePassword(
        current(c),
        currentPassword,
        newPassword,
        from(c),
      );
      return c.json(ended, 200);
    },
  )
  .openapi(
    signedInRoute.get("/sessions", { 200: [activeSessionSchema] }, { query: accountListQuery }),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const viewer = requireViewer(c);
      const page = await c.var.services.sessions.list(viewer.accountId, c.var.session?.sessionId ?? "", {
        cursor,
        limit: limit ?? PAGE_DEFAULT,
      });
      return answerList(c, page);
    },
  )
  /** "Sign out everywhere else": every session but this one. */
  .openapi(signedInRoute.post("/sessions/end-others", { 200: sessionsEndedSchema }), async (c) => {
    return c.json(await c.var.services.auth.endOtherSessions(current(c), from(c)), 200);
  })
  .openapi(signedInRoute.delete("/sessions/{id}", { 204: null, 404: apiErrorSchema }), async (c) => {
    await c.var.services.auth.endSession(current(c), c.req.param("id"), from(c));
    return c.body(null, 204);
  })
  /** "Export my data": a JSON file of everything the dealer put in. */
  .openapi(signedInRoute.get("/export", { 200: accountExportSchema }), async (c) => {
    const viewer = requireViewer(c);
    await c.var.services.rateLimits.spend([LIMITS.exportsPerAccount, viewer.accountId]);
    const data = await c.var.services.accountData.export(viewer.accountId);
    const day = data.exportedAt.slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="dealerlane-data-${day}.json"`);
    c.header("Cache-Control", "no-store");
    return c.json(data, 200);
  })
  /** "Delete my account": the password (or a fresh Google sign-in) and the typed confirmation. */
  .openapi(
    signedInRoute.delete(
      "/",
      { 204: null, 400: apiErrorSchema, 403: apiErrorSchema },
      { body: deleteAccountSchema },
    ),
    async (c) => {
      const { password } = c.req.valid("json");
      const { cookie } = await c.var.services.auth.deleteAccount(current(c), password, from(c));
      c.header("Set-Cookie", cookie);
      return c.body(null, 204);
    },
  )
  .openapi(
    signedInRoute.get("/security-events", { 200: [securityEventSchema] }, { query: accountListQuery }),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const page = await c.var.services.securityEvents.list(requireViewer(c).accountId, {
        cursor,
        limit: limit ?? PAGE_DEFAULT,
      });
      return answerList(c, page);
    },
  );
