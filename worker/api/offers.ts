import type { Context } from "hono";
import { z } from "zod";
import { offerSchema } from "#lib/api-types";
import {
  counterOfferSchema,
  declineOfferSchema,
  makeOfferSchema,
  offersQuerySchema,
} from "#lib/schemas/offers";
import { activePlanRequired, dealersOnly, requireDealer } from "../auth/guards";
import type { AppEnv } from "../http/types";
import { answerList } from "./answers";
import { dealerRoute, openApiRouter } from "./openapi";

const idParam = z.object({ id: z.string().min(1).max(64) });

type WithId = Context<AppEnv, string, { out: { param: z.output<typeof idParam> } }>;

/**
 * /api/offers: make an offer on another dealer's vehicle, answer it in turns (counter, accept, decline),
 * withdraw one's own price, list and read them. Only an offer's two dealers see it: anyone else gets 404.
 * Making, countering and accepting lead to a deal, so they need an active trial or plan (402) as deals do.
 */
export const offerRoutes = openApiRouter(dealersOnly)
  .openapi(dealerRoute.get("/", { 200: [offerSchema] }, { query: offersQuerySchema }), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.offers.list(dealer.id, c.req.valid("query")));
  })
  .openapi(
    dealerRoute.post("/", { 201: offerSchema }, { body: makeOfferSchema, middleware: [activePlanRequired] }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(await c.var.services.offers.make(dealer.id, c.req.valid("json")), 201);
    },
  )
  .openapi(dealerRoute.get("/{id}", { 200: offerSchema }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.offers.get(dealer.id, c.req.valid("param").id), 200);
  })
  .openapi(
    dealerRoute.post(
      "/{id}/counter",
      { 200: offerSchema },
      { params: idParam, body: counterOfferSchema, middleware: [activePlanRequired] },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.offers.counter(dealer.id, id, c.req.valid("json")), 200);
    },
  )
  .openapi(
    dealerRoute.post(
      "/{id}/accept",
      { 200: offerSchema },
      { params: idParam, middleware: [activePlanRequired] },
    ),
    async (c: WithId) =>
      c.json(await c.var.services.offers.accept(requireDealer(c).dealer.id, c.req.valid("param").id), 200),
  )
  .openapi(
    dealerRoute.post("/{id}/decline", { 200: offerSchema }, { params: idParam, body: declineOfferSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.offers.decline(dealer.id, id, c.req.valid("json")), 200);
    },
  )
  .openapi(dealerRoute.post("/{id}/withdraw", { 200: offerSchema }, { params: idParam }), async (c: WithId) =>
    c.json(await c.var.services.offers.withdraw(requireDealer(c).dealer.id, c.req.valid("param").id), 200),
  );
