import {
  apiErrorSchema,
  feedPostSchema,
  planRequiredSchema,
  postCommentSchema,
  postDetailSchema,
  postMatchSchema,
} from "#lib/api-types";
import {
  commentSchema,
  createPostSchema,
  feedQuerySchema,
  matchesQuerySchema,
  postIdSchema,
  updatePostSchema,
} from "#lib/schemas/inventory";
import { buyOrderAnswerSchema, buyOrderSchema } from "#lib/schemas/buy-order";
import { isAdmin } from "#lib/roles";
import { activePlanRequired, dealersOnly, requireDealer } from "../auth/guards";
import { answerList } from "./answers";
import { dealerRoute, openApiRouter, publicRoute } from "./openapi";

const listInventory = publicRoute({
  method: "get",
  path: "/",
  operationId: "listInventory",
  tags: ["Inventory"],
  summary: "The inventory feed, newest first",
  description: "Every tab of the feed (`sort`) and full-text search (`search`).",
  scope: "read",
  request: { query: feedQuerySchema },
  answers: { 200: { description: "a page of posts", schema: feedPostSchema, list: true } },
});

const getInventoryPost = publicRoute({
  method: "get",
  path: "/{id}",
  operationId: "getInventoryPost",
  tags: ["Inventory"],
  summary: "One post with its vehicles and latest comments",
  scope: "read",
  request: { params: postIdSchema },
  answers: {
    200: { description: "the post", schema: postDetailSchema },
    404: { description: "no such post", schema: apiErrorSchema },
  },
});

/**
 * /api/inventory: the feed, one post, new posts and comments. Every call needs a signed-in
 * dealer; the poster and the commenter come from the session, whatever the body says.
 */
export const inventoryRoutes = openApiRouter(dealersOnly)
  .openapi(listInventory, async (c) => {
    requireDealer(c);
    const page = await c.var.services.inventory.listFeed(c.req.valid("query"));
    return answerList(c, { items: page.posts, nextCursor: page.nextCursor });
  })
  .openapi(getInventoryPost, async (c) => {
    const { dealer } = requireDealer(c);
    const post = await c.var.services.inventory.viewPost(c.req.valid("param").id, dealer.id);
    c.header("Cache-Control", "no-store");
    return c.json(post, 200);
  })
  .openapi(
    dealerRoute.post(
      "/",
      { 201: postDetailSchema, 402: planRequiredSchema },
      { body: createPostSchema, middleware: [activePlanRequired] },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const origin = new URL(c.req.url).origin;
      const post = await c.var.services.inventory.createPost(dealer, c.req.valid("json"), origin, {
        premium: c.var.session?.entitlement.premium ?? false,
      });
      return c.json(post, 201);
    },
  )
  /** The author or an admin: text, prices, sold, renew. 403 for anyone else. */
  .openapi(
    dealerRoute.patch("/{id}", { 200: postDetailSchema }, { params: postIdSchema, body: updatePostSchema }),
    async (c) => {
      const viewer = requireDealer(c);
      const post = await c.var.services.inventory.updatePost(
        c.req.valid("param").id,
        { dealerId: viewer.dealer.id, isAdmin: isAdmin(viewer) },
        c.req.valid("json"),
      );
      return c.json(post, 200);
    },
  )
  .openapi(dealerRoute.delete("/{id}", { 204: null }, { params: postIdSchema }), async (c) => {
    const viewer = requireDealer(c);
    await c.var.services.inventory.deletePost(c.req.valid("param").id, {
      dealerId: viewer.dealer.id,
      isAdmin: isAdmin(viewer),
    });
    return c.body(null, 204);
  })
  /** The posts on the other side: listings answering a request, open requests a listing answers. */
  .openapi(
    dealerRoute.get(
      "/{id}/matches",
      { 200: [postMatchSchema] },
      { params: postIdSchema, query: matchesQuerySchema },
    ),
    async (c) => {
      requireDealer(c);
      return answerList(
        c,
        await c.var.services.dealAlerts.matchesFor(c.req.valid("param").id, c.req.valid("query")),
      );
    },
  )
  /** A Requesting post's standing buy order: its author only (anyone else 404). */
  .openapi(
    dealerRoute.get("/{id}/buy-order", { 200: buyOrderAnswerSchema }, { params: postIdSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(await c.var.services.dealAlerts.buyOrderOf(c.req.valid("param").id, dealer.id), 200);
    },
  )
  .openapi(
    dealerRoute.put(
      "/{id}/buy-order",
      { 200: buyOrderAnswerSchema },
      { params: postIdSchema, body: buyOrderSchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const order = await c.var.services.dealAlerts.setBuyOrder(
        c.req.valid("param").id,
        dealer.id,
        c.req.valid("json"),
      );
      return c.json(order, 200);
    },
  )
  .openapi(
    dealerRoute.post(
      "/{id}/comments",
      { 201: postCommentSchema },
      { params: postIdSchema, body: commentSchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const comment = await c.var.services.inventory.addComment(
        c.req.valid("param").id,
        dealer,
        c.req.valid("json").content,
      );
      return c.json(comment, 201);
    },
  );
