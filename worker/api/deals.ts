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
import { signBillOfSaleSchema } from "#lib/bill-of-sale";
import { clientInfo } from "../http/client-info";
import {
  acceptDueDateSchema,
  paymentStepSchema,
  proposeDueDateSchema,
  unwindAnswerSchema,
} from "#lib/schemas/deal-clocks";
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

const billOfSaleQuery = z.object({
  version: z.coerce
    .number({ error: "version must be a whole number" })
    .int("version must be a whole number")
    .min(1, "version must be at least 1")
    .max(10_000, "version must be at most 10000")
    .optional()
    .describe("an older version of the Bill of Sale; the newest when absent"),
});

/** The handler of a dealer's step on one of their deals, answered as the deal. */
const onDeal =
  (step: "confirm" | "decline" | "withdraw") =>
  async (c: Context<AppEnv, string, { out: { param: z.output<typeof idParam> } }>) =>
    c.json(await c.var.services.deals[step](requireDealer(c).dealer.id, c.req.valid("param").id), 200);

/**
 * /api/deals: propose, list, confirm, decline, withdraw, complete, the Bill of
 * Sale and its signing. Only a deal's two dealers see it: anyone else gets 404.
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
  /**
   * The Bill of Sale PDF for the two dealers, once confirmed: the newest version as far as it is signed, or an
   * older one by `version` (a signed version never changes).
   */
  .openapi(
    dealerRoute.get("/{id}/bill-of-sale", { 200: null }, { params: idParam, query: billOfSaleQuery }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const row = await c.var.services.deals.partyRow(dealer.id, c.req.valid("param").id);
      const { version } = c.req.valid("query");
      const pdf = await c.var.services.billOfSale.document(row, version);
      return attachment(
        pdf.bytes,
        "application/pdf",
        `bill-of-sale-${row.vin ?? row.id}${version ? `-v${pdf.version}` : ""}.pdf`,
      );
    },
  )
  /** One of the two dealers signs the Bill of Sale electronically: the seller first, then the buyer. */
  .openapi(
    dealerRoute.post("/{id}/sign", { 200: dealSchema }, { params: idParam, body: signBillOfSaleSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      const row = await c.var.services.deals.partyRow(dealer.id, id);
      const { userAgent, place } = clientInfo(c.req.raw);
      await c.var.services.billOfSale.sign(row, dealer.id, c.req.valid("json"), {
        ip: c.req.header("CF-Connecting-IP") ?? null,
        place: place ?? null,
        userAgent: userAgent ?? null,
      });
      await c.var.services.deals.signed(id, dealer.id);
      return c.json(await c.var.services.deals.get(dealer.id, id), 200);
    },
  );

/**
 * /api/pass-thru-sales: the confirmed and completed deals, their steps, the export, and their title and payment
 * clocks (due dates by agreement, payment sent and received, unwinding a deal whose title never came).
 */
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
  )
  .openapi(dealerRoute.get("/{id}", { 200: dealSchema }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.dealClocks.get(dealer.id, c.req.valid("param").id), 200);
  })
  /** The seller had the title at the sale: due in 5 business days instead of 21 days. */
  .openapi(dealerRoute.post("/{id}/title-in-hand", { 200: dealSchema }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.dealClocks.titleInHand(dealer.id, c.req.valid("param").id), 200);
  })
  .openapi(
    dealerRoute.post("/{id}/due-date", { 200: dealSchema }, { params: idParam, body: proposeDueDateSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.dealClocks.proposeDueDate(dealer.id, id, c.req.valid("json")), 200);
    },
  )
  .openapi(
    dealerRoute.post(
      "/{id}/due-date/accept",
      { 200: dealSchema },
      { params: idParam, body: acceptDueDateSchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      const { clock } = c.req.valid("json");
      return c.json(await c.var.services.dealClocks.acceptDueDate(dealer.id, id, clock), 200);
    },
  )
  .openapi(
    dealerRoute.post("/{id}/payment", { 200: dealSchema }, { params: idParam, body: paymentStepSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(
        await c.var.services.dealClocks.markPayment(dealer.id, id, c.req.valid("json").step),
        200,
      );
    },
  )
  /** The buyer asks to unwind, 30 days past the title's due date while it has not come. */
  .openapi(dealerRoute.post("/{id}/unwind", { 200: dealSchema }, { params: idParam }), async (c) => {
    const { dealer } = requireDealer(c);
    return c.json(await c.var.services.dealClocks.askUnwind(dealer.id, c.req.valid("param").id), 200);
  })
  /** The seller agrees (the deal is unwound and its vehicle listed again) or declines. */
  .openapi(
    dealerRoute.post(
      "/{id}/unwind/answer",
      { 200: dealSchema },
      { params: idParam, body: unwindAnswerSchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(
        await c.var.services.dealClocks.answerUnwind(dealer.id, id, c.req.valid("json").agree),
        200,
      );
    },
  );
