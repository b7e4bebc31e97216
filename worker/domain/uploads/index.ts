import { IMAGE_TYPES, sniffImageType, type ImageType } from "#lib/image-type";
import { PHOTO_MAX_BYTES, PHOTO_PATH_PATTERN, photoPathOf } from "#lib/schemas/inventory";
import type { Database } from "../../db/client";
import { fromBase64Url, toBase64Url } from "../shared/base64url";
import { DomainError, badRequest, forbidden, notFound } from "../shared/errors";
import { secretStore } from "../shared/secrets";
import { uploadClaimsOf, type UploadClaims } from "./claims";
import { joinBytes } from "../shared/bytes";

/**
 * Photo uploads through signed URLs: POST /api/objects/upload hands out
 * `/objects/uploads/{id}?expires=…&signature=…`, HMAC-SHA256-signed for one PUT of one image of at most
 * 10 MB within UPLOAD_URL_TTL_SECONDS. The PUT is checked (signature, expiry, type, magic bytes, size) and
 * streamed into R2; the stored address is the URL without its query, served with immutable cache headers.
 *
 * The signing key is the UPLOAD_SIGNING_SECRET secret when configured; otherwise a random key made once and
 * kept in D1 (app_secrets), so links survive restarts and work offline and in tests.
 */

export type UploadEnv = { PHOTOS: R2Bucket; UPLOAD_SIGNING_SECRET?: string };

export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
export const UPLOAD_SECRET_NAME = "upload-signing-key";
const KEY_PREFIX = "uploads/";
const SNIFF_BYTES = 32;

/** A signature as it arrives in the URL: base64url of 20 to 100 characters, else nothing. */
export function signatureBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(text)) return null;
  try {
    return fromBase64Url(text);
  } catch {
    return null;
  }
}

const signedText = (id: string, expires: number) =>
  new TextEncoder().encode(`PUT /objects/uploads/${id} ${expires}`);

type ReceiveUpload = {
  id: string;
  expires: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  now?: number;
};

export function uploadService(db: Database, env: UploadEnv) {
  const secrets = secretStore(db);
  const claims = uploadClaimsOf(db);
  const signingKey = () => secrets.hmacKey(UPLOAD_SECRET_NAME, env.UPLOAD_SIGNING_SECRET);

  return {
    /** A fresh signed PUT address on our own origin for one image. */
    async createUploadUrl(
      origin: string,
      now = Date.now(),
    ): Promise<{ uploadURL: string; expiresAt: string }> {
      const id = crypto.randomUUID();
      const expires = Math.floor(now / 1000) + UPLOAD_URL_TTL_SECONDS;
      const signature = new Uint8Array(
        await crypto.subtle.sign("HMAC", await signingKey(), signedText(id, expires)),
      );
      return {
        uploadURL: `${origin}/objects/uploads/${id}?expires=${expires}&signature=${toBase64Url(signature)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** The signed PUT: every check, then the bytes stream into R2. Answers the stored address. */
    async receive(
      upload: ReceiveUpload,
    ): Promise<{ photoUrl: string; contentType: ImageType; size: number }> {
      const path = `/objects/uploads/${upload.id}`;
      if (!PHOTO_PATH_PATTERN.test(path)) throw notFound("Upload not found");

      const expires = Number(upload.expires);
      const signature = signatureBytes(upload.signature ?? "");
      if (!upload.expires || !Number.isSafeInteger(expires) || !signature) {
        throw forbidden("This upload link is not valid");
      }
      const genuine = await crypto.subtle.verify(
        "HMAC",
        await signingKey(),
        signature,
        signedText(upload.id, expires),
      );
      if (!genuine) throw forbidden("This upload link is not valid");
      if (expires * 1000 < (upload.now ?? Date.now())) throw forbidden("This upload link has expired");

      const declaredType = (upload.contentType ?? "").split(";")[0]!.trim().toLowerCase();
      if (!(IMAGE_TYPES as readonly string[]).includes(declaredType)) {
        throw badRequest("Only images can be uploaded: JPEG, PNG, WebP, GIF or AVIF");
      }
      const size = Number(upload.contentLength);
      if (upload.contentLength === undefined || !Number.isSafeInteger(size) || size < 0) {
        throw badRequest("The upload needs a Content-Length");
      }
      if (size > PHOTO_MAX_BYTES) throw new DomainError(413, "Photos must be at most 10 MB");
      if (size === 0 || !upload.body) throw badRequest("The file is empty");

      const key = `${KEY_PREFIX}${upload.id}`;
      // Read just enough to check the magic bytes, then stream the rest behind them.
      const reader = upload.body.getReader();
      const head = await readHead(reader, Math.min(SNIFF_BYTES, size));
      const buffered = head.byteLength;
      const actualType = sniffImageType(head);
      if (actualType !== declaredType) {
        await reader.cancel().catch(() => undefined);
        throw badRequest(
          actualType
            ? `The file is a ${actualType} image, not ${declaredType}`
            : "The file is not an image: JPEG, PNG, WebP, GIF or AVIF only",
        );
      }
      if (buffered > size) {
        await reader.cancel().catch(() => undefined);
        throw badRequest("The file is longer than its Content-Length");
      }

      await storeOnce(claims, key, expires, reader, () =>
        putExactly(env.PHOTOS, key, head, reader, size, {
          httpMetadata: { contentType: actualType, cacheControl: "public, max-age=31536000, immutable" },
        }),
      );
      return { photoUrl: path, contentType: actualType, size };
    },

    /** The daily cron: the claims of expired upload addresses, photos' and chat files' alike. */
    forgetExpiredClaims(now?: number): Promise<void> {
      return claims.forgetExpired(now);
    },

    /** GET of a stored photo: the bytes from R2 with long-lived immutable caching. */
    async serve(id: string, ifNoneMatch: string | undefined): Promise<Response> {
      if (!PHOTO_PATH_PATTERN.test(`/objects/uploads/${id}`)) throw notFound("Photo not found");
      const object = await env.PHOTOS.get(`${KEY_PREFIX}${id}`);
      if (!object) throw notFound("Photo not found");
      const headers = new Headers({
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
        ETag: object.httpEtag,
      });
      if (ifNoneMatch && ifNoneMatch === object.httpEtag) {
        await object.body.cancel();
        return new Response(null, { status: 304, headers });
      }
      headers.set("Content-Length", String(object.size));
      return new Response(object.body, { status: 200, headers });
    },

    /**
     * Normalises photo addresses (absolute on our origin, or paths) to their paths and checks that each one
     * really is stored. 400 naming the first that is not.
     */
    async storedPhotoPaths(addresses: readonly string[], ownOrigin: string): Promise<string[]> {
      const paths = addresses.map((address) => {
        const path = photoPathOf(address, ownOrigin);
        if (!path) throw badRequest("Photos must be photos uploaded to DealerLane");
        return path;
      });
      const unique = [...new Set(paths)];
      const found = await Promise.all(
        unique.map((p) => env.PHOTOS.head(`${KEY_PREFIX}${p.slice("/objects/uploads/".length)}`)),
      );
      const missing = unique.find((_, i) => !found[i]);
      if (missing) throw badRequest(`Photo not found: ${missing}`);
      return unique;
    },
  };
}

/** The first `bytes` bytes of an upload (fewer when it is shorter), read off its stream. */
export async function readHead(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  bytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let buffered = 0;
  while (buffered < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    buffered += value.byteLength;
  }
  return joinBytes(chunks, buffered);
}

/**
 * The one write a signed address allows: the address is claimed (409 to every other PUT, whose body is then
 * cancelled unread), then `store` writes the bytes; when it fails, nothing is in R2 and the claim is given back.
 */
export async function storeOnce(
  claims: UploadClaims,
  key: string,
  expiresAtSeconds: number,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  store: () => Promise<void>,
) {
  try {
    await claims.claim(key, expiresAtSeconds);
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  try {
    await store();
  } catch (error) {
    await claims.release(key);
    throw error;
  }
}

/** Streams the checked head and the rest of the upload into R2, exactly `size` bytes or nothing. */
export async function putExactly(
  bucket: R2Bucket,
  key: string,
  head: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  size: number,
  options: R2PutOptions,
) {
  const { readable, writable } = new FixedLengthStream(size);
  const pump = (async () => {
    const writer = writable.getWriter();
    try {
      await writer.write(head);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await writer.write(value);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  try {
    await Promise.all([bucket.put(key, readable, options), pump]);
  } catch {
    await bucket.delete(key).catch(() => undefined);
    throw badRequest("The upload did not match its Content-Length");
  }
}
