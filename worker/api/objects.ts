import { Hono } from "hono";
import { requireDealer } from "../auth/guards";
import { LIMITS } from "../domain/rate-limits";
import type { AppEnv } from "../http/types";

/** POST /api/objects/upload → 201 `{ uploadURL, expiresAt }`: a signed address for one PUT of one image (DESIGN.md "Files"). */
export const objectApiRoutes = new Hono<AppEnv>().post("/upload", async (c) => {
  const { dealer } = requireDealer(c);
  await c.var.services.rateLimits.spend([LIMITS.uploadsPerDealer, dealer.id]);
  const { uploadURL, expiresAt } = await c.var.services.uploads.createUploadUrl(new URL(c.req.url).origin);
  c.header("Cache-Control", "no-store");
  return c.json({ uploadURL, expiresAt }, 201);
});

/**
 * /objects/uploads/{id}: the signed PUT (the signature is the credential, no session needed) and the GET of
 * the stored photo. Mounted at /objects in worker/index.ts, ahead of the session lookup.
 */
export const objectRoutes = new Hono<AppEnv>()
  .put("/uploads/:id", async (c) => {
    const stored = await c.var.services.uploads.receive({
      id: c.req.param("id"),
      expires: c.req.query("expires"),
      signature: c.req.query("signature"),
      contentType: c.req.header("Content-Type"),
      contentLength: c.req.header("Content-Length"),
      body: c.req.raw.body,
    });
    return c.json(stored, 201);
  })
  .get("/uploads/:id", async (c) =>
    c.var.services.uploads.serve(c.req.param("id"), c.req.header("If-None-Match")),
  );
