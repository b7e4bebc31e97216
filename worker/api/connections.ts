import { Hono, type Context } from "hono";
import { z } from "zod";
import { isAdmin } from "../../app/lib/roles";
import { requireDealer, requireViewer, viewersOnly } from "../auth/guards";
import { DomainError, forbidden } from "../domain/errors";
import type { AppEnv } from "../http/types";
import { validate } from "./validate";

const dealerId = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);

/** `requesterId` may be sent (the spec's client does) but is ignored: the requester is the session's dealer. */
export const addDealerBody = z.object({
  receiverId: dealerId("Please choose a dealer to connect with"),
  requesterId: z.unknown().optional(),
});
const removeBody = z.object({ dealerId: dealerId("Please choose a dealer to disconnect from") });
const listQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

/** POST /api/connections/add-dealer and its alias POST /api/dealers/connect: 201 created, 200 when it exists. */
export async function addDealer(c: Context<AppEnv>, receiverId: string) {
  const { dealer: me } = requireDealer(c);
  const result = await c.var.services.connections.add(me.id, receiverId);
  return c.json(
    {
      message: result.created ? "Connection Added!" : `You are already connected with ${result.dealerName}`,
      created: result.created,
      connection: result.connection,
    },
    result.created ? 201 : 200,
  );
}

/** Business spec §3 Connection, §4 connection toggle, §7 connection calls. */
export const connectionRoutes = new Hono<AppEnv>()
  .use(viewersOnly)
  .post("/add-dealer", validate("json", addDealerBody), (c) => addDealer(c, c.req.valid("json").receiverId))
  /** The Connect/Connected toggle's other half: removes the connection, whoever made it. */
  .post("/remove", validate("json", removeBody), async (c) => {
    const { dealer: me } = requireDealer(c);
    const result = await c.var.services.connections.remove(me.id, c.req.valid("json").dealerId);
    return c.json(
      {
        message: result.removed
          ? `Removed ${result.dealerName} from your network`
          : `You are not connected with ${result.dealerName}`,
        removed: result.removed,
      },
      200,
    );
  })
  /**
   * The signed-in dealer's own connections (the Add Chat dialog searches these by name or dealership).
   * Both GETs answer a plain array of connections, each with the other dealer embedded as `dealer`.
   */
  .get("/", validate("query", listQuery), async (c) => {
    const viewer = requireDealer(c);
    const me = viewer.dealer;
    const { search, limit } = c.req.valid("query");
    const connections = await c.var.services.connections.listFor(me.id, me.id, {
      search,
      limit,
      isAdmin: isAdmin(viewer),
    });
    return c.json(connections, 200);
  })
  /** GET /api/connections/{userId}: that account's accepted connections; only that account or an admin. */
  .get(
    "/:userId",
    validate("param", z.object({ userId: z.string().min(1).max(100) })),
    validate("query", listQuery),
    async (c) => {
      const viewer = requireViewer(c);
      const { userId } = c.req.valid("param");
      const admin = isAdmin(viewer);
      if (userId !== viewer.accountId && !admin) throw forbidden("You can only see your own connections");
      const owner =
        userId === viewer.accountId
          ? viewer
          : await c.var.services.accounts.viewer(userId).catch((error) => {
              if (error instanceof DomainError && error.status === 404)
                throw new DomainError(404, "Account not found");
              throw error;
            });
      if (!owner.dealer) return c.json([], 200);
      const { search, limit } = c.req.valid("query");
      const connections = await c.var.services.connections.listFor(
        owner.dealer.id,
        viewer.dealer?.id ?? null,
        {
          search,
          limit,
          isAdmin: admin,
        },
      );
      return c.json(connections, 200);
    },
  );
