import type { Context } from "hono";
import { z } from "zod";
import { completedDealSchema, dealReviewStateSchema, dealSchema } from "#lib/api-types";
import {
  completeDealSchema,
  dealsQuerySchema,
  passThruQuerySchema,
  passThruStepsSchema,
  proposeDealSchema,
} from "#lib/schemas/deals";
import { reviewBodySchema } from "#lib/schemas/reputation";
import { activePlanRequired, dealersOnly, requireDealer } from "../auth/guards";
import { passThruCsv } from "../domain/deals/csv";
import type { AppEnv } from "../http/types";
import { answerList, attachment, today } from "./answers";
import { dealerRoute, openApiRouter, publicRoute } from "./openapi";

const listDeals = publicRoute({
  method: "get",
  path: "/",
  operationId: "listDeals",
  tags: ["Deals"],
  summary: "Your deals, newest first",
  description: "Deals proposed by you or to you; `status` narrows them.",
  scope: "read",
  request: { query: dealsQuerySchema },
  answers: { 200: { description: "a page of deals", schema: dealSchema, list: true } },
});

const idParam = z.object({ id: z.string().min(1).max(64) });

/** The handler of a dealer's step on one of their deals, answered as the deal. */
const onDeal =
  (step: "confirm" | "decline" | "withdraw") =>
  async (c: Context<AppEnv, string, { out: { param: z.output<typeof idParam> } }>) =>
    c.json(await c.var.services.deals[step](requireDealer(c).dealer.id, c.req.valid("param").id), 200);

/**
 * /api/deals: propose, list, confirm, decline, withdraw, complete, the Bill of
 * Sale. Only a deal's two dealers see it: anyone else gets 404.
 */
export const dealRoutes = openApiRouter(dealersOnly)
  .openapi(listDeals, async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.deals.list(dealer.id, c.req.valid("query")));
  })
  // A lapsed trial or plan cannot propose, confirm or record deals (402, subscriptions issue).
  .openapi(
    dealerRoute.post("/", { 201: dealSchema }, { body: proposeDealSchema, middleware: [activePlanRequired] }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(await c.var.services.deals.propose(dealer, c.req.valid("json")), 201);
    },
  )
  .openapi(
    dealerRoute.post(
      "/complete",
      { 201: completedDealSchema, 200: completedDealSchema },
      { body: completeDealSchema, middleware: [activePlanRequired] },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id, created } = await c.var.services.deals.complete(dealer, c.req.valid("json"));
      return c.json({ id }, created ? 201 : 200);
    },
  )
  .openapi(dealerRoute.get("/{id}", { 200: dealSchema }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.deals.get(dealer.id, c.req.valid("param").id), 200);
  })
  .openapi(
    dealerRoute.post(
      "/{id}/confirm",
      { 200: dealSchema },
      { params: idParam, middleware: [activePlanRequired] },
    ),
    onDeal("confirm"),
  )
  .openapi(dealerRoute.post("/{id}/decline", { 200: dealSchema }, { params: idParam }), onDeal("decline"))
  .openapi(dealerRoute.post("/{id}/withdraw", { 200: dealSchema }, { params: idParam }), onDeal("withdraw"))
  /** Where the reviews of the deal stand for you: may you review, are you waiting for theirs, or both shown. */
  .openapi(
    dealerRoute.get("/{id}/review", { 200: dealReviewStateSchema }, { params: idParam }),
    async (c) => {
      const { dealer } = requireDealer(c);
      c.header("Cache-Control", "no-store");
      return c.json(await c.var.services.reputation.state(dealer.id, c.req.valid("param").id), 200);
    },
  )
  /** Review the other dealer of a completed deal: once, within the review window; double-blind until both wrote. */
  .openapi(
    dealerRoute.post(
      "/{id}/review",
      { 201: dealReviewStateSchema },
      { params: idParam, body: reviewBodySchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.reputation.review(dealer.id, id, c.req.valid("json")), 201);
    },
  )
  /** The Bill of Sale PDF: the two dealers only, once completed (made again if R2 lost it). */
  .openapi(dealerRoute.get("/{id}/bill-of-sale", { 200: null }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    const row = await c.var.services.deals.completedRow(dealer.id, c.req.valid("param").id);
    const key = await c.var.services.dealAnnouncements.ensureBillOfSale(row);
    const object = await c.env.PHOTOS.get(key);
    if (!object) return c.json({ message: "The Bill of Sale is not available yet. Please try again." }, 404);
    return attachment(object.body, "application/pdf", `bill-of-sale-${row.vin ?? row.id}.pdf`);
  });

/** /api/pass-thru-sales: the confirmed and completed deals, their steps, the export. */
export const passThruRoutes = openApiRouter(dealersOnly)
  .openapi(dealerRoute.get("/", { 200: [dealSchema] }, { query: passThruQuerySchema }), async (c) => {
    const { dealer } = requireDealer(c);
    return answerList(c, await c.var.services.deals.passThruSales(dealer.id, c.req.valid("query")));
  })
  /** Export Details: every pass-thru sale as CSV. */
  .openapi(dealerRoute.get("/export", { 200: null }), async (c) => {
    const { dealer } = requireDealer(c);
    const csv = passThruCsv(await c.var.services.deals.allPassThruSales(dealer.id));
    return attachment(csv, "text/csv; charset=utf-8", `pass-thru-sales-${today()}.csv`);
  })
  .openapi(
    dealerRoute.patch("/{id}", { 200: dealSchema }, { params: idParam, body: passThruStepsSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.deals.updateSteps(dealer.id, id, c.req.valid("json")), 200);
    },
  );
