import type { Context } from "hono";
import { z } from "zod";
import { connectionSchema } from "#lib/api-types";
import { addDealerBody, connectionsQuery, removeDealerBody } from "#lib/schemas/network";
import { isAdmin } from "#lib/roles";
import { dealersOnly, requireDealer, requireViewer, viewersOnly } from "../auth/guards";
import { DomainError, forbidden } from "../domain/shared/errors";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { dealerRoute, openApiRouter, signedInRoute } from "./openapi";

/**
 * POST /api/connections/add-dealer and its alias POST /api/dealers/connect, one operation: 201 with the new
 * connection, 200 with the existing one.
 */
export async function addDealerAnswer(c: Context<AppEnv>, receiverId: string) {
  const { dealer: me } = requireDealer(c);
  const { created, connection } = await c.var.services.connections.add(me.id, receiverId);
  return created ? c.json(connection, 201) : c.json(connection, 200);
}

/** Connections: the Connect / Connected toggle and the connection calls. */
export const connectionRoutes = openApiRouter(viewersOnly)
  .openapi(
    dealerRoute.post(
      "/add-dealer",
      { 201: connectionSchema, 200: connectionSchema },
      { body: addDealerBody, middleware: [dealersOnly] },
    ),
    (c) => addDealerAnswer(c, c.req.valid("json").receiverId),
  )
  /** The Connect/Connected toggle's other half: removes the connection, whoever made it (204, also when none). */
  .openapi(
    dealerRoute.post("/remove", { 204: null }, { body: removeDealerBody, middleware: [dealersOnly] }),
    async (c) => {
      const { dealer: me } = requireDealer(c);
      await c.var.services.connections.remove(me.id, c.req.valid("json").dealerId);
      return c.body(null, 204);
    },
  )
  /**
   * The signed-in dealer's own connections (the Add Chat dialog searches these by name or dealership):
   * a list of connections, newest first, each with the other dealer embedded as `dealer`.
   */
  .openapi(
    dealerRoute.get("/", { 200: [connectionSchema] }, { query: connectionsQuery, middleware: [dealersOnly] }),
    async (c) => {
      const viewer = requireDealer(c);
      const query = c.req.valid("query");
      return answerList(
        c,
        await c.var.services.connections.listFor(viewer.dealer.id, viewer.dealer.id, {
          ...query,
          isAdmin: isAdmin(viewer),
        }),
      );
    },
  )
  /** GET /api/connections/{userId}: that account's accepted connections; only that account or an admin. */
  .openapi(
    signedInRoute.get(
      "/{userId}",
      { 200: [connectionSchema] },
      { params: z.object({ userId: z.string().min(1).max(100) }), query: connectionsQuery },
    ),
    async (c) => {
      const viewer = requireViewer(c);
      const { userId } = c.req.valid("param");
      const admin = isAdmin(viewer);
      if (userId !== viewer.accountId && !admin) {
        // Another dealer's list is private; a dealer of the other network is not there at all.
        if (!(await c.var.services.dealers.seesAccount(userId)))
          throw new DomainError(404, "Account not found");
        throw forbidden("You can only see your own connections");
      }
      const owner =
        userId === viewer.accountId
          ? viewer
          : await c.var.services.accounts.viewer(userId).catch((error) => {
              if (error instanceof DomainError && error.status === 404)
                throw new DomainError(404, "Account not found");
              throw error;
            });
      if (!owner.dealer) return answerList(c, { items: [], nextCursor: null });
      const query = c.req.valid("query");
      return answerList(
        c,
        await c.var.services.connections.listFor(owner.dealer.id, viewer.dealer?.id ?? null, {
          ...query,
          isAdmin: admin,
        }),
      );
    },
  );
