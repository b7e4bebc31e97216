import type { Database } from "../../db/client";
import { fromBase64Url, toBase64Url } from "../shared/base64url";
import { DomainError, badRequest, forbidden } from "../shared/errors";
import { secretStore } from "../shared/secrets";
import { uploadClaimsOf } from "./claims";

export type UploadEnv = { PHOTOS: R2Bucket; UPLOAD_SIGNING_SECRET?: string };

export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
const UPLOAD_SECRET_NAME = "upload-signing-key";
const SNIFF_BYTES = 32;
const INVALID_LINK = "This upload link is not valid";

/** A signed PUT as it arrives: the address's query, the request's headers and its body. */
export type SignedPut = {
  id: string;
  expires: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  now?: number;
};

/** What one kind of file may be: its largest size, and how its first bytes must read for the type it declared. */
type FileRules<T extends string> = {
  maxBytes: number;
  tooLarge: string;
  sniff: (head: Uint8Array) => T | null;
  /** The refusal when the first bytes (of type `actual`, null when unknown) do not fit `declared`; null when they do. */
  refusal: (actual: T | null, declared: string) => string | null;
};

/** A signature as it arrives in the URL: base64url of 20 to 100 characters, else nothing. */
function signatureBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(text)) return null;
  try {
    return fromBase64Url(text);
  } catch {
    return null;
  }
}

/**
 * Signed one-PUT addresses under `pathPrefix`, for post photos and chat files alike: HMAC-SHA256 over
 * `PUT {path} {expires}` (and the owner, when the address names one), valid for UPLOAD_URL_TTL_SECONDS.
 * The signing key is the UPLOAD_SIGNING_SECRET secret when configured; otherwise a random key made once and
 * kept in D1 (app_secrets), so links survive restarts and work offline and in tests.
 */
export function signedPuts(db: Database, env: UploadEnv, pathPrefix: string) {
  const claims = uploadClaimsOf(db);
  const signingKey = () => secretStore(db).hmacKey(UPLOAD_SECRET_NAME, env.UPLOAD_SIGNING_SECRET);
  const signedText = (id: string, expires: number, owner?: string) =>
    new TextEncoder().encode(`PUT ${pathPrefix}${id} ${expires}${owner === undefined ? "" : ` ${owner}`}`);

  return {
    claims,

    /** A fresh signed PUT address on our own origin; `owner` is signed into it when given. */
    async address(origin: string, owner?: string, now = Date.now()) {
      const id = crypto.randomUUID();
      const expires = Math.floor(now / 1000) + UPLOAD_URL_TTL_SECONDS;
      const signature = await crypto.subtle.sign("HMAC", await signingKey(), signedText(id, expires, owner));
      const query = new URLSearchParams({
        expires: String(expires),
        ...(owner === undefined ? {} : { owner }),
        signature: toBase64Url(new Uint8Array(signature)),
      });
      return {
        uploadURL: `${origin}${pathPrefix}${id}?${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** The address's expiry (seconds) once its signature holds; 403 otherwise, or when it has run out. */
    async verify(upload: SignedPut, owner?: string): Promise<number> {
      const expires = Number(upload.expires);
      const signature = signatureBytes(upload.signature ?? "");
      if (!upload.expires || !Number.isSafeInteger(expires) || !signature) throw forbidden(INVALID_LINK);
      const text = signedText(upload.id, expires, owner);
      if (!(await crypto.subtle.verify("HMAC", await signingKey(), signature, text)))
        throw forbidden(INVALID_LINK);
      if (expires * 1000 < (upload.now ?? Date.now())) throw forbidden("This upload link has expired");
      return expires;
    },

    /**
     * The one write a verified address allows: Content-Length, size and first bytes checked, then the address
     * claimed (409 to every other PUT) and exactly that many bytes streamed into R2 at `key`, or nothing.
     */
    async store<T extends string>(
      upload: SignedPut,
      at: { key: string; expires: number; declared: string },
      rules: FileRules<T>,
      options: (actual: T) => R2PutOptions,
    ): Promise<{ actual: T; size: number }> {
      const size = Number(upload.contentLength);
      if (upload.contentLength === undefined || !Number.isSafeInteger(size) || size < 0) {
        throw badRequest("The upload needs a Content-Length");
      }
      if (size > rules.maxBytes) throw new DomainError(413, rules.tooLarge);
      if (size === 0 || !upload.body) throw badRequest("The file is empty");

      // Read just enough to check the magic bytes, then stream the rest behind them.
      const reader = upload.body.getReader();
      const cancel = () => reader.cancel().catch(() => undefined);
      const head = await readHead(reader, Math.min(SNIFF_BYTES, size));
      const actual = rules.sniff(head);
      const refusal = rules.refusal(actual, at.declared);
      if (refusal || !actual) {
        await cancel();
        throw badRequest(refusal ?? INVALID_LINK);
      }
      if (head.byteLength > size) {
        await cancel();
        throw badRequest("The file is longer than its Content-Length");
      }
      try {
        await claims.claim(at.key, at.expires);
      } catch (error) {
        await cancel();
        throw error;
      }
      try {
        await putExactly(env.PHOTOS, at.key, head, reader, size, options(actual));
      } catch (error) {
        await claims.release(at.key);
        throw error;
      }
      return { actual, size };
    },
  };
}

/** A stored file's answer: 304 when the browser holds this very version, the bytes otherwise. */
export async function storedFileResponse(
  object: R2ObjectBody,
  headers: Record<string, string>,
  ifNoneMatch: string | undefined,
): Promise<Response> {
  const all = new Headers({ ...headers, "X-Content-Type-Options": "nosniff", ETag: object.httpEtag });
  if (ifNoneMatch && ifNoneMatch === object.httpEtag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers: all });
  }
  all.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers: all });
}

/** The first `bytes` bytes of an upload (fewer when it is shorter), read off its stream. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let buffered = 0;
  while (buffered < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    buffered += value.byteLength;
  }
  const head = new Uint8Array(buffered);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return head;
}

/** Streams the checked head and the rest of the upload into R2, exactly `size` bytes or nothing. */
async function putExactly(
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
