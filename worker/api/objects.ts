import { Hono, type Context } from "hono";
import { uploadTicketSchema } from "#lib/api-types";
import { requireDealer } from "../auth/guards";
import { LIMITS } from "../domain/rate-limits";
import type { SignedPut } from "../domain/uploads/signed-put";
import type { AppEnv } from "../http/types";
import { dealerRoute, openApiRouter } from "./openapi";

/** POST /api/objects/upload → 201 `{ uploadURL, expiresAt }`: a signed address for one PUT of one image. */
export const objectApiRoutes = openApiRouter()
  .openapi(dealerRoute.post("/upload", { 201: uploadTicketSchema }), async (c) => {
    const { dealer } = requireDealer(c);
    await c.var.services.rateLimits.spend([LIMITS.uploadsPerDealer, dealer.id]);
    const { uploadURL, expiresAt } = await c.var.services.uploads.createUploadUrl(new URL(c.req.url).origin);
    c.header("Cache-Control", "no-store");
    return c.json({ uploadURL, expiresAt }, 201);
  })
  /** POST /api/objects/chat-upload → 201 `{ uploadURL, expiresAt }`: one photo or file for a chat message, private. */
  .openapi(dealerRoute.post("/chat-upload", { 201: uploadTicketSchema }), async (c) => {
    const { dealer } = requireDealer(c);
    await c.var.services.rateLimits.spend([LIMITS.uploadsPerDealer, dealer.id]);
    const ticket = await c.var.services.chatFiles.createUploadUrl(new URL(c.req.url).origin, dealer.id);
    c.header("Cache-Control", "no-store");
    return c.json(ticket, 201);
  });

/** A signed PUT as the upload services check it: the address's id and query, the headers and the body. */
const signedPutOf = (c: Context<AppEnv>): SignedPut => ({
  id: c.req.param("id")!,
  expires: c.req.query("expires"),
  signature: c.req.query("signature"),
  contentType: c.req.header("Content-Type"),
  contentLength: c.req.header("Content-Length"),
  body: c.req.raw.body,
});

/**
 * /objects/uploads/{id}: the signed PUT (the signature is the credential, no session needed) and the GET of
 * the stored photo. Mounted at /objects in worker/index.ts, ahead of the session lookup.
 */
export const objectRoutes = new Hono<AppEnv>()
  /** A chat file's signed PUT: like a photo's, and the signature names the dealer it is for. */
  .put("/chat-files/:id", async (c) => {
    const stored = await c.var.services.chatFiles.receive({ ...signedPutOf(c), owner: c.req.query("owner") });
    return c.json(stored, 201);
  })
  .put("/uploads/:id", async (c) => c.json(await c.var.services.uploads.receive(signedPutOf(c)), 201))
  /**
   * A photo is stored once and never changes: after its first read the data centre's cache answers it, so a
   * feed full of photos costs R2 nothing. The cached copy is the very answer R2 gave.
   */
  .get("/uploads/:id", async (c) => {
    const cache = (caches as unknown as { default: Cache }).default;
    const key = new Request(new URL(c.req.url).origin + new URL(c.req.url).pathname, { method: "GET" });
    const ifNoneMatch = c.req.header("If-None-Match");
    const hit = await cache.match(key);
    if (hit) {
      if (ifNoneMatch && ifNoneMatch === hit.headers.get("ETag")) {
        await hit.body?.cancel();
        return new Response(null, { status: 304, headers: withoutLength(hit.headers) });
      }
      return hit;
    }
    const answer = await c.var.services.uploads.serve(c.req.param("id"), ifNoneMatch);
    if (answer.status === 200) {
      c.executionCtx.waitUntil(cache.put(key, answer.clone()));
    }
    return answer;
  });

/**
 * GET /objects/chat-files/{id}: private to the chat's two dealers (worker/domain/chats/files.ts), so it is
 * mounted after the session lookup and never put in the edge cache. `?download=1` saves it instead of showing it.
 */
export const chatFileReadRoutes = new Hono<AppEnv>().get("/chat-files/:id", async (c) =>
  c.var.services.chatFiles.serve(c.req.param("id"), c.var.session?.viewer.dealer?.id ?? null, {
    download: c.req.query("download") === "1",
    ifNoneMatch: c.req.header("If-None-Match"),
  }),
);

function withoutLength(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Content-Length");
  return copy;
}
