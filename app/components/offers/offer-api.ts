import { answerOf, api, pageOf, type BodyOf } from "#lib/api-client";

const byId = (id: string) => ({ params: { path: { id } } });

/** The browser's offer calls. Prices go out and come back in whole dollars. */
export const offerApi = {
  make: (body: BodyOf<"/api/offers", "post">) => answerOf(api.POST("/api/offers", { body })),
  get: (id: string) => answerOf(api.GET("/api/offers/{id}", byId(id))),
  list: (query: {
    role?: "buying" | "selling";
    status?: "open" | "closed";
    cursor?: string;
    limit?: number;
  }) => pageOf(api.GET("/api/offers", { params: { query } })),
  counter: (id: string, body: BodyOf<"/api/offers/{id}/counter", "post">) =>
    answerOf(api.POST("/api/offers/{id}/counter", { ...byId(id), body })),
  accept: (id: string) => answerOf(api.POST("/api/offers/{id}/accept", byId(id))),
  decline: (id: string, message?: string) =>
    answerOf(api.POST("/api/offers/{id}/decline", { ...byId(id), body: message ? { message } : {} })),
  withdraw: (id: string) => answerOf(api.POST("/api/offers/{id}/withdraw", byId(id))),
};
