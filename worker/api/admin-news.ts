import { z } from "zod";
import { apiErrorSchema, newsArticleSchema } from "#lib/api-types";
import { newsArticleInputSchema, newsArticlePatchSchema, newsQuerySchema } from "#lib/schemas/news";
import { adminsOnly } from "../auth/guards";
import { actorOf } from "./admin";
import { answerList } from "./answers";
import { adminRoute, openApiRouter } from "./openapi";

const idParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/admin/news: admins write the Wholesale News articles dealers read on /wholesale-news.
 * The guard runs before anything else: signed out 401, a dealer 403.
 */
export const adminNewsRoutes = openApiRouter(adminsOnly)
  .openapi(adminRoute.get("/", { 200: [newsArticleSchema] }, { query: newsQuerySchema }), async (c) =>
    answerList(c, await c.var.services.news.listAll(c.req.valid("query"))),
  )
  .openapi(
    adminRoute.post("/", { 201: newsArticleSchema, 409: apiErrorSchema }, { body: newsArticleInputSchema }),
    async (c) => c.json(await c.var.services.news.create(actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute.patch(
      "/{id}",
      { 200: newsArticleSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      { params: idParam, body: newsArticlePatchSchema },
    ),
    async (c) =>
      c.json(await c.var.services.news.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(adminRoute.delete("/{id}", { 204: null, 404: apiErrorSchema }, { params: idParam }), async (c) => {
    await c.var.services.news.remove(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
