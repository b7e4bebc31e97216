import { z } from "zod";
import {
  adminDisputeSchema,
  adminDisputesQuerySchema,
  answerDisputeSchema,
  dealDisputesQuerySchema,
  decideDisputeSchema,
  disputeFileSchema,
  disputeFilesQuerySchema,
  disputeSchema,
  openDisputeSchema,
} from "#lib/schemas/disputes";
import { adminsOnly, dealersOnly, requireDealer } from "../auth/guards";
import { actorOf } from "./admin";
import { answerList } from "./answers";
import { adminRoute, dealerRoute, openApiRouter } from "./openapi";

const id = z.string().min(1).max(64);
const dealParam = z.object({ id });
const disputeParam = z.object({ id, disputeId: id });

/**
 * /api/deals/{id}/disputes: the buyer opens a dispute on a completed deal, the seller answers it, both read it.
 * Only the deal's two dealers: anyone else gets the deal's 404.
 */
export const dealDisputeRoutes = openApiRouter(dealersOnly)
  .openapi(
    dealerRoute.get(
      "/{id}/disputes",
      { 200: [disputeSchema] },
      { params: dealParam, query: dealDisputesQuerySchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return answerList(c, await c.var.services.disputes.forDeal(dealer.id, id, c.req.valid("query")));
    },
  )
  .openapi(
    dealerRoute.post(
      "/{id}/disputes",
      { 201: disputeSchema },
      { params: dealParam, body: openDisputeSchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const dispute = await c.var.services.disputes.open(
        dealer.id,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(dispute, 201);
    },
  )
  .openapi(
    dealerRoute.post(
      "/{id}/disputes/{disputeId}/answer",
      { 200: disputeSchema },
      { params: disputeParam, body: answerDisputeSchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id: dealId, disputeId } = c.req.valid("param");
      return c.json(
        await c.var.services.disputes.answer(dealer.id, dealId, disputeId, c.req.valid("json")),
        200,
      );
    },
  )
  /** The photos and files of the two dealers' chat, newest first: what a dispute or its answer may attach. */
  .openapi(
    dealerRoute.get(
      "/{id}/dispute-files",
      { 200: [disputeFileSchema] },
      { params: dealParam, query: disputeFilesQuerySchema },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return answerList(c, await c.var.services.disputes.chatFiles(dealer.id, id, c.req.valid("query")));
    },
  );

/** /api/admin/disputes: every dispute with its evidence, and the decision (audited). Admins only. */
export const adminDisputeRoutes = openApiRouter(adminsOnly)
  .openapi(
    adminRoute.get("/", { 200: [adminDisputeSchema] }, { query: adminDisputesQuerySchema }),
    async (c) => answerList(c, await c.var.services.admin.disputes.list(c.req.valid("query"))),
  )
  .openapi(
    adminRoute.post(
      "/{id}/decision",
      { 200: adminDisputeSchema },
      { params: dealParam, body: decideDisputeSchema },
    ),
    async (c) =>
      c.json(
        await c.var.services.admin.disputes.decide(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
  )
  /** A photo or file the dispute names, for the admin (who is not in the chat). */
  .openapi(
    adminRoute.get("/{id}/files/{fileId}", { 200: null }, { params: z.object({ id, fileId: id }) }),
    async (c) => {
      const { id: disputeId, fileId } = c.req.valid("param");
      await c.var.services.admin.disputes.evidence(disputeId, fileId);
      return c.var.services.chatFiles.serveEvidence(fileId, { ifNoneMatch: c.req.header("If-None-Match") });
    },
  );
