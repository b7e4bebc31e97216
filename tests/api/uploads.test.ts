import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadTicketSchema } from "#lib/api-types";
import { openDatabase } from "../../worker/db/client";
import { UPLOAD_URL_TTL_SECONDS, uploadService } from "../../worker/domain/uploads";
import { UPLOAD_LINK_USED } from "../../worker/domain/uploads/claims";
import { ORIGIN, call, putAtOnce, signUpDealer, variantOf } from "./helpers";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0, 0, 0xff, 0xd9,
]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const WEBP = new TextEncoder().encode(
  "RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00",
);
const AVIF = Uint8Array.from([
  0,
  0,
  0,
  0x1c,
  ...new TextEncoder().encode("ftypavif"),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode("avifmif1miaf"),
]);

let cookie: string;
beforeAll(async () => {
  cookie = (await signUpDealer()).cookie;
});

async function signedUrl(): Promise<URL> {
  const res = await call("POST", "/api/objects/upload", { cookie });
  expect(res.status).toBe(201);
  return new URL(uploadTicketSchema.parse(res.json).uploadURL);
}

const put = (url: URL | string, body: BodyInit, contentType: string, headers: Record<string, string> = {}) =>
  SELF.fetch(url.toString(), {
    method: "PUT",
    body,
    headers: { "Content-Type": contentType, Origin: ORIGIN, ...headers },
  });

describe("POST /api/objects/upload", () => {
  it("answers a signed URL on our own origin that expires within minutes", async () => {
    const url = await signedUrl();
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const expires = Number(url.searchParams.get("expires"));
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000 + 1000);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("PUT and GET /objects/uploads/{id}", () => {
  it.each([
    ["image/png", PNG],
    ["image/jpeg", JPEG],
    ["image/gif", GIF],
    ["image/webp", WEBP],
    ["image/avif", AVIF],
  ])("stores a %s and serves it back, immutable and nosniff", async (type, bytes) => {
    const url = await signedUrl();
    const res = await put(url, bytes, type);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({
      photoUrl: url.pathname,
      contentType: type,
      size: bytes.byteLength,
    });

    const got = await SELF.fetch(`${ORIGIN}${url.pathname}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe(type);
    expect(got.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(got.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const etag = got.headers.get("ETag") ?? "";
    expect(etag).toBeTruthy();
    const again = await SELF.fetch(`${ORIGIN}${url.pathname}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves a photo from the edge cache after its first read: the same bytes and headers, R2 not asked", async () => {
    const url = await signedUrl();
    expect((await put(url, PNG, "image/png")).status).toBe(201);
    const first = await SELF.fetch(`${ORIGIN}${url.pathname}`);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    // The cache is filled after the answer: wait until it holds the photo.
    const cache = (caches as unknown as { default: Cache }).default;
    for (let i = 0; i < 50 && !(await cache.match(`${ORIGIN}${url.pathname}`)); i++)
      await new Promise((r) => setTimeout(r, 20));
    // Gone from R2, still served: the answer can only have come from the cache.
    await env.PHOTOS.delete(`uploads/${url.pathname.split("/").pop()}`);
    const cached = await SELF.fetch(`${ORIGIN}${url.pathname}`);
    expect(cached.status).toBe(200);
    expect(new Uint8Array(await cached.arrayBuffer())).toEqual(firstBytes);
    for (const header of [
      "Content-Type",
      "Cache-Control",
      "ETag",
      "X-Content-Type-Options",
      "Content-Length",
    ])
      expect(cached.headers.get(header), header).toBe(first.headers.get(header));
    const revalidated = await SELF.fetch(`${ORIGIN}${url.pathname}`, {
      headers: { "If-None-Match": first.headers.get("ETag")! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("accepts the content type with parameters and any case", async () => {
    const res = await put(await signedUrl(), PNG, "Image/PNG; charset=binary");
    expect(res.status).toBe(201);
  });

  it("answers 404 for a photo that was never stored", async () => {
    const res = await SELF.fetch(`${ORIGIN}/objects/uploads/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Photo not found" });
  });

  it("refuses a tampered signature with 403", async () => {
    const url = await signedUrl();
    const signature = url.searchParams.get("signature") ?? "";
    url.searchParams.set("signature", `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`);
    const res = await put(url, PNG, "image/png");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "This upload link is not valid" });
  });

  it("refuses a signature moved to another id with 403", async () => {
    const a = await signedUrl();
    const b = await signedUrl();
    const forged = new URL(`${a.pathname}${b.search}`, ORIGIN);
    expect((await put(forged, PNG, "image/png")).status).toBe(403);
  });

  it("refuses a pushed-back expiry with 403", async () => {
    const url = await signedUrl();
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await put(url, PNG, "image/png")).status).toBe(403);
  });

  it("refuses a URL without signature or expiry with 403", async () => {
    const url = await signedUrl();
    const bare = new URL(url.pathname, ORIGIN);
    expect((await put(bare, PNG, "image/png")).status).toBe(403);
  });

  it("refuses an expired URL with 403", async () => {
    const uploads = uploadService(openDatabase(env.DB), env);
    const { uploadURL } = await uploads.createUploadUrl(
      ORIGIN,
      Date.now() - (UPLOAD_URL_TTL_SECONDS + 5) * 1000,
    );
    const res = await put(uploadURL, PNG, "image/png");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "This upload link has expired" });
  });

  it("refuses a second PUT to the same URL with 409", async () => {
    const url = await signedUrl();
    expect((await put(url, PNG, "image/png")).status).toBe(201);
    const again = await put(url, JPEG, "image/jpeg");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: UPLOAD_LINK_USED });
    const got = await SELF.fetch(`${ORIGIN}${url.pathname}`);
    expect(got.headers.get("Content-Type")).toBe("image/png");
  });

  it("takes one of 8 PUTs sent at the same moment: one 201, the others 409, the winner's bytes stored", async () => {
    for (let round = 0; round < 3; round++) {
      const url = await signedUrl();
      const bodies = Array.from({ length: 8 }, (_, i) => variantOf(PNG, i));
      const { statuses, messages, winner } = await putAtOnce(url, bodies, "image/png");
      expect([...statuses].sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      expect(messages.filter((m) => m.message === UPLOAD_LINK_USED)).toHaveLength(7);
      const stored = await env.PHOTOS.get(`uploads/${url.pathname.split("/").pop()}`);
      expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(winner);
      const served = await SELF.fetch(`${ORIGIN}${url.pathname}`);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(winner);
    }
  });

  it("gives the address back when its bytes could not be stored, so it can be tried again", async () => {
    const uploads = uploadService(openDatabase(env.DB), { PHOTOS: env.PHOTOS });
    const url = new URL((await uploads.createUploadUrl(ORIGIN)).uploadURL);
    const attempt = (contentLength: number) =>
      uploads.receive({
        id: url.pathname.split("/").pop()!,
        expires: url.searchParams.get("expires")!,
        signature: url.searchParams.get("signature")!,
        contentType: "image/png",
        contentLength: String(contentLength),
        body: new Blob([PNG]).stream(),
      });
    await expect(attempt(PNG.byteLength + 10)).rejects.toMatchObject({ status: 400 });
    await expect(attempt(PNG.byteLength)).resolves.toMatchObject({ photoUrl: url.pathname });
    await expect(attempt(PNG.byteLength)).rejects.toMatchObject({ status: 409 });
  });

  it.each([
    ["text/plain", new TextEncoder().encode("hello world, not an image at all")],
    ["image/svg+xml", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["application/octet-stream", PNG],
  ])("refuses the wrong type %s with 400", async (type, bytes) => {
    const res = await put(await signedUrl(), bytes, type);
    expect(res.status).toBe(400);
    expect((await res.json()) as object).toEqual({
      message: "Only images can be uploaded: JPEG, PNG, WebP, GIF or AVIF",
    });
  });

  it("refuses a lying type (PNG bytes sent as JPEG) with 400", async () => {
    const url = await signedUrl();
    const res = await put(url, PNG, "image/jpeg");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "The file is a image/png image, not image/jpeg",
    );
    expect((await SELF.fetch(`${ORIGIN}${url.pathname}`)).status).toBe(404);
  });

  it("refuses text dressed as an image with 400", async () => {
    const res = await put(
      await signedUrl(),
      new TextEncoder().encode("<html><script>alert(1)</script></html>"),
      "image/png",
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/not an image/);
  });

  it("refuses more than 10 MB with 413", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await put(await signedUrl(), big, "image/png");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Photos must be at most 10 MB" });
  });

  it("accepts exactly 10 MB", async () => {
    const max = new Uint8Array(10 * 1024 * 1024);
    max.set(PNG);
    expect((await put(await signedUrl(), max, "image/png")).status).toBe(201);
  });

  it("refuses an empty file with 400", async () => {
    expect((await put(await signedUrl(), new Uint8Array(0), "image/png")).status).toBe(400);
  });
});

describe("signing key", () => {
  it("is made once and kept in D1 when no secret is configured", async () => {
    const db = openDatabase(env.DB);
    const one = uploadService(db, { PHOTOS: env.PHOTOS });
    const other = uploadService(db, { PHOTOS: env.PHOTOS });
    const { uploadURL } = await one.createUploadUrl(ORIGIN);
    const url = new URL(uploadURL);
    const stored = await other.receive({
      id: url.pathname.split("/").pop() as string,
      expires: url.searchParams.get("expires") ?? undefined,
      signature: url.searchParams.get("signature") ?? undefined,
      contentType: "image/png",
      contentLength: String(PNG.byteLength),
      body: new Blob([PNG]).stream(),
    });
    expect(stored.photoUrl).toBe(url.pathname);
    const rows = await env.DB.prepare(
      "select count(*) as n from app_secrets where name = 'upload-signing-key'",
    ).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("is UPLOAD_SIGNING_SECRET when configured: links signed with another key are refused", async () => {
    const db = openDatabase(env.DB);
    const configured = uploadService(db, {
      PHOTOS: env.PHOTOS,
      UPLOAD_SIGNING_SECRET: "a-configured-secret-of-enough-length",
    });
    const { uploadURL } = await configured.createUploadUrl(ORIGIN);
    // The running worker has no secret configured, so it uses the stored key and must refuse this link.
    expect((await put(uploadURL, PNG, "image/png")).status).toBe(403);
  });
});
