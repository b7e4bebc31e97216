import { Hono } from "hono";
import { z } from "zod";
import { newsArticleInputSchema, newsArticlePatchSchema, newsQuerySchema } from "#lib/schemas/news";
import { adminsOnly } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { actorOf } from "./admin";
import { answerList } from "./answers";
import { validate } from "./validate";

const idParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/admin/news: admins write the Wholesale News articles dealers read on /wholesale-news.
 * The guard runs before anything else: signed out 401, a dealer 403.
 */
export const adminNewsRoutes = new Hono<AppEnv>()
  .use(adminsOnly)
  .get("/", validate("query", newsQuerySchema), async (c) =>
    answerList(c, await c.var.services.news.listAll(c.req.valid("query"))),
  )
  .post("/", validate("json", newsArticleInputSchema), async (c) =>
    c.json(await c.var.services.news.create(actorOf(c), c.req.valid("json")), 201),
  )
  .patch("/:id", validate("param", idParam), validate("json", newsArticlePatchSchema), async (c) =>
    c.json(await c.var.services.news.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete("/:id", validate("param", idParam), async (c) => {
    await c.var.services.news.remove(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
