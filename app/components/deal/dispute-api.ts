import { answerOf, api, pageOf, type BodyOf } from "#lib/api-client";

const onDeal = (id: string) => ({ params: { path: { id } } });
/** A list page on one deal: the first without a cursor, then the previous page's next cursor. */
const pageOn = (id: string, cursor?: string) => ({ params: { path: { id }, query: { cursor } } });

/** The browser's dispute calls, on one deal. */
export const disputeApi = {
  /** A page of the deal's disputes, newest first. */
  list: (dealId: string, cursor?: string) =>
    pageOf(api.GET("/api/deals/{id}/disputes", pageOn(dealId, cursor))),
  /** A page of the chat's photos and files, newest first. */
  chatFiles: (dealId: string, cursor?: string) =>
    pageOf(api.GET("/api/deals/{id}/dispute-files", pageOn(dealId, cursor))),
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
