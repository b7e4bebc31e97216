import { answerOf, api, pageOf, type BodyOf } from "#lib/api-client";

const byId = (id: string) => ({ params: { path: { id } } });

/** The browser's deal calls. Money goes out in whole dollars and comes back in cents. */
export const dealApi = {
  propose: (body: BodyOf<"/api/deals", "post">) => answerOf(api.POST("/api/deals", { body })),
  pending: () =>
    pageOf(api.GET("/api/deals", { params: { query: { status: "pending", limit: 20 } } })).then(
      (p) => p.items,
    ),
  confirm: (id: string) => answerOf(api.POST("/api/deals/{id}/confirm", byId(id))),
  decline: (id: string) => answerOf(api.POST("/api/deals/{id}/decline", byId(id))),
  withdraw: (id: string) => answerOf(api.POST("/api/deals/{id}/withdraw", byId(id))),
  complete: (body: BodyOf<"/api/deals/complete", "post">) =>
    answerOf(api.POST("/api/deals/complete", { body })),
  /** Its failure is silent. */
  notifyCompletion: (dealId: string, buyerEmail: string, dealData: unknown) =>
    answerOf(
      api.POST("/api/notifications/deal-completion", { body: { dealId, buyerEmail, dealData } }),
    ).catch(() => undefined),
  sign: (id: string, body: BodyOf<"/api/deals/{id}/sign", "post">) =>
    answerOf(api.POST("/api/deals/{id}/sign", { ...byId(id), body })),
  updateSteps: (id: string, body: BodyOf<"/api/pass-thru-sales/{id}", "patch">) =>
    answerOf(api.PATCH("/api/pass-thru-sales/{id}", { ...byId(id), body })),
  titleInHand: (id: string) => answerOf(api.POST("/api/pass-thru-sales/{id}/title-in-hand", byId(id))),
  proposeDueDate: (id: string, body: BodyOf<"/api/pass-thru-sales/{id}/due-date", "post">) =>
    answerOf(api.POST("/api/pass-thru-sales/{id}/due-date", { ...byId(id), body })),
  acceptDueDate: (id: string, body: BodyOf<"/api/pass-thru-sales/{id}/due-date/accept", "post">) =>
    answerOf(api.POST("/api/pass-thru-sales/{id}/due-date/accept", { ...byId(id), body })),
  payment: (id: string, body: BodyOf<"/api/pass-thru-sales/{id}/payment", "post">) =>
    answerOf(api.POST("/api/pass-thru-sales/{id}/payment", { ...byId(id), body })),
  askUnwind: (id: string) => answerOf(api.POST("/api/pass-thru-sales/{id}/unwind", byId(id))),
  answerUnwind: (id: string, body: BodyOf<"/api/pass-thru-sales/{id}/unwind/answer", "post">) =>
    answerOf(api.POST("/api/pass-thru-sales/{id}/unwind/answer", { ...byId(id), body })),
};
