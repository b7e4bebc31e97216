import { answerOf, api, pageOf, type BodyOf } from "#lib/api-client";

const onDeal = (id: string) => ({ params: { path: { id } } });

/** The browser's dispute calls, on one deal. */
export const disputeApi = {
  list: (dealId: string) => pageOf(api.GET("/api/deals/{id}/disputes", onDeal(dealId))).then((p) => p.items),
  chatFiles: (dealId: string) =>
    pageOf(api.GET("/api/deals/{id}/dispute-files", onDeal(dealId))).then((p) => p.items),
  open: (dealId: string, body: BodyOf<"/api/deals/{id}/disputes", "post">) =>
    answerOf(api.POST("/api/deals/{id}/disputes", { ...onDeal(dealId), body })),
  answer: (
    dealId: string,
    disputeId: string,
    body: BodyOf<"/api/deals/{id}/disputes/{disputeId}/answer", "post">,
  ) =>
    answerOf(
      api.POST("/api/deals/{id}/disputes/{disputeId}/answer", {
        params: { path: { id: dealId, disputeId } },
        body,
      }),
    ),
};
