import { Hono } from "hono";
import {
  commentSchema,
  createPostSchema,
  feedQuerySchema,
  postIdSchema,
} from "../../app/lib/schemas/inventory";
import { dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { validate } from "./validate";

/**
 * /api/inventory (core spec §7): the feed, one post, new posts and comments. Every call needs a signed-in
 * dealer; the poster and the commenter come from the session, whatever the body says.
 */
export const inventoryRoutes = new Hono<AppEnv>()
  .use(dealersOnly)
  .get("/", validate("query", feedQuerySchema), async (c) => {
    const page = await c.var.services.inventory.listFeed(c.req.valid("query"));
    return answerList(c, { items: page.posts, nextCursor: page.nextCursor });
  })
  .get("/:id", validate("param", postIdSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const post = await c.var.services.inventory.viewPost(c.req.valid("param").id, dealer.id);
    c.header("Cache-Control", "no-store");
    return c.json(post, 200);
  })
  .post("/", validate("json", createPostSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const origin = new URL(c.req.url).origin;
    const post = await c.var.services.inventory.createPost(dealer, c.req.valid("json"), origin);
    return c.json(post, 201);
  })
  .post("/:id/comments", validate("param", postIdSchema), validate("json", commentSchema), async (c) => {
    const { dealer } = requireDealer(c);
    const comment = await c.var.services.inventory.addComment(
      c.req.valid("param").id,
      dealer,
      c.req.valid("json").content,
    );
    return c.json(comment, 201);
  });
