import type { Context } from "hono";
import { z } from "zod";
import { isAdmin } from "#lib/roles";
import { dealerCreateSchema, dealerUpdateSchema, directoryQuerySchema } from "#lib/schemas/dealer";
import { DEFAULT_SETTINGS } from "#lib/schemas/settings";
import { reviewReplySchema, reviewsQuerySchema } from "#lib/schemas/reputation";
import { addDealerBody } from "#lib/schemas/network";
import {
  connectionSchema,
  dealerQuickViewSchema,
  dealerReviewSchema,
  directoryDealerSchema,
  discoverySchema,
  inventoryCountsSchema,
} from "#lib/api-types";
import { dealersOnly, requireDealer, requireViewer, viewersOnly } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { notFound } from "../domain/shared/errors";
import { answerList } from "./answers";
import { addDealerAnswer } from "./connections";
import { dealerRoute, json, openApiRouter, publicRoute, signedInRoute } from "./openapi";

const idParam = z.object({ id: z.string().min(1).max(100) });
const reviewParams = idParam.extend({ reviewId: z.string().min(1).max(100) });

/** The viewer's dealer id (null for an account still in onboarding) and admin flag. */
function who(c: Context<AppEnv>) {
  const viewer = requireViewer(c);
  return { viewer, dealerId: viewer.dealer?.id ?? null, options: { isAdmin: isAdmin(viewer) } };
}

const listDealers = publicRoute({
  method: "get",
  path: "/",
  operationId: "listDealers",
  tags: ["Dealers"],
  summary: "The dealer directory, filtered and sorted",
  description: "Without `limit`, a page holds the dealer's items-per-page setting (20 unless changed).",
  scope: "read",
  request: { query: directoryQuerySchema },
  answers: { 200: { description: "a page of dealers", schema: directoryDealerSchema, list: true } },
});

/** The documented alias of POST /api/connections/add-dealer: the same operation. */
const connectDealer = publicRoute({
  method: "post",
  path: "/connect",
  operationId: "connectDealer",
  tags: ["Dealers"],
  summary: "Connect with a dealer",
  description:
    "The same operation as POST /api/connections/add-dealer. The requester is always the key's dealer.",
  scope: "connections:write",
  middleware: [dealersOnly],
  request: { body: json(addDealerBody) },
  answers: {
    201: { description: "the connection was made", schema: connectionSchema },
    200: { description: "you were already connected", schema: connectionSchema },
  },
});

/** The dealer calls, with the suggestions and the inventory counts. */
export const dealerRoutes = openApiRouter(viewersOnly)
  /**
   * GET /api/dealers?name=&state=&dealershipType=&buysCanadian=&sort=&exclude=&scope=&limit=&cursor=
   * → a list of dealers. Without `limit`, a page is the viewer's items-per-page setting.
   */
  .openapi(listDealers, async (c) => {
    const { viewer, dealerId, options } = who(c);
    const { limit, ...query } = c.req.valid("query");
    const list = (pageSize: number) =>
      c.var.services.directory.list(dealerId, { ...query, limit: pageSize }, options);
    if (limit) return answerList(c, await list(limit));
    // The dealer's Items per page and the usual page are read side by side (one wait, not two); only a dealer
    // who saved another size waits for a second read.
    const [{ itemsPerPage }, usualPage] = await Promise.all([
      c.var.services.settings.forAccount(viewer.accountId),
      list(DEFAULT_SETTINGS.itemsPerPage),
    ]);
    return answerList(
      c,
      itemsPerPage === DEFAULT_SETTINGS.itemsPerPage ? usualPage : await list(itemsPerPage),
    );
  })
  .openapi(connectDealer, (c) => addDealerAnswer(c, c.req.valid("json").receiverId))
  .openapi(
    dealerRoute.post(
      "/",
      { 201: directoryDealerSchema },
      { body: dealerCreateSchema, middleware: [dealersOnly] },
    ),
    async (c) => {
      const { dealer: me } = requireDealer(c);
      return c.json(await c.var.services.dealers.create(me.id, c.req.valid("json")), 201);
    },
  )
  .openapi(signedInRoute.get("/inventory-counts", { 200: inventoryCountsSchema }), async (c) =>
    c.json(await c.var.services.directory.inventoryCounts(), 200),
  )
  /** /discover's data: dealers nearby, buyers wanting the viewer's inventory, sellers of what the viewer wants. */
  .openapi(
    dealerRoute.get("/discover", { 200: discoverySchema }, { middleware: [dealersOnly] }),
    async (c) => {
      const viewer = requireDealer(c);
      return c.json(
        await c.var.services.directory.discover(viewer.dealer.id, viewer.dealer.state, {
          isAdmin: isAdmin(viewer),
        }),
        200,
      );
    },
  )
  /** The dealer profile popup (Quick View): the dealer card plus recent activity. */
  .openapi(signedInRoute.get("/{id}", { 200: dealerQuickViewSchema }, { params: idParam }), async (c) => {
    const { dealerId, options } = who(c);
    const view = await c.var.services.directory.quickView(dealerId, c.req.valid("param").id, options);
    if (!view) throw notFound("Dealer not found");
    return c.json(view, 200);
  })
  /** The dealer's revealed reviews, newest first, with their replies. */
  .openapi(
    signedInRoute.get(
      "/{id}/reviews",
      { 200: [dealerReviewSchema] },
      { params: idParam, query: reviewsQuerySchema },
    ),
    async (c) => {
      const { dealerId } = who(c);
      const { id } = c.req.valid("param");
      return answerList(c, await c.var.services.reputation.list(dealerId, id, c.req.valid("query")));
    },
  )
  /** The reviewed dealer's one public reply to a revealed review. */
  .openapi(
    dealerRoute.post(
      "/{id}/reviews/{reviewId}/reply",
      { 200: dealerReviewSchema },
      { params: reviewParams, body: reviewReplySchema, middleware: [dealersOnly] },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id, reviewId } = c.req.valid("param");
      if (id !== dealer.id) throw notFound("Review not found");
      return c.json(await c.var.services.reputation.reply(dealer.id, reviewId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    signedInRoute.patch(
      "/{id}",
      { 200: directoryDealerSchema },
      { params: idParam, body: dealerUpdateSchema },
    ),
    async (c) => {
      const viewer = requireViewer(c);
      const dealer = await c.var.services.dealers.update(
        { accountId: viewer.accountId, dealerId: viewer.dealer?.id ?? null, isAdmin: isAdmin(viewer) },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(dealer, 200);
    },
  );
