import { IMAGE_TYPES, sniffImageType } from "#lib/image-type";
import { PHOTO_MAX_BYTES } from "#lib/schemas/inventory";
import { PHOTO_PATH_PATTERN, photoPathOf } from "#lib/schemas/inventory-constants";
import type { Database } from "../../db/client";
import { badRequest, notFound } from "../shared/errors";
import { signedPuts, storedFileResponse, type SignedPut, type UploadEnv } from "./signed-put";

export { UPLOAD_URL_TTL_SECONDS } from "./signed-put";

/**
 * Photo uploads through signed URLs: POST /api/objects/upload hands out
 * `/objects/uploads/{id}?expires=…&signature=…` for one PUT of one image of at most 10 MB. The PUT is checked
 * (signature, expiry, type, magic bytes, size) and streamed into R2; the stored address is the URL without its
 * query, served with immutable cache headers.
 */
const PATH_PREFIX = "/objects/uploads/";
const KEY_PREFIX = "uploads/";
const IMAGES_ONLY = "JPEG, PNG, WebP, GIF or AVIF";

const PHOTO_RULES = {
  maxBytes: PHOTO_MAX_BYTES,
  tooLarge: "Photos must be at most 10 MB",
  sniff: sniffImageType,
  refusal: (actual: string | null, declared: string) =>
    actual === declared
      ? null
      : actual
        ? `The file is a ${actual} image, not ${declared}`
        : `The file is not an image: ${IMAGES_ONLY} only`,
};

export function uploadService(db: Database, env: UploadEnv) {
  const puts = signedPuts(db, env, PATH_PREFIX);

  return {
    /** A fresh signed PUT address on our own origin for one image. */
    createUploadUrl: (origin: string, now = Date.now()) => puts.address(origin, undefined, now),

    /** The signed PUT: every check, then the bytes stream into R2. Answers the stored address. */
    async receive(upload: SignedPut) {
      const path = `${PATH_PREFIX}${upload.id}`;
      if (!PHOTO_PATH_PATTERN.test(path)) throw notFound("Upload not found");
      const expires = await puts.verify(upload);
      const declared = (upload.contentType ?? "").split(";")[0]!.trim().toLowerCase();
      if (!(IMAGE_TYPES as readonly string[]).includes(declared)) {
        throw badRequest(`Only images can be uploaded: ${IMAGES_ONLY}`);
      }
      const key = `${KEY_PREFIX}${upload.id}`;
      const { actual, size } = await puts.store(upload, { key, expires, declared }, PHOTO_RULES, (type) => ({
        httpMetadata: { contentType: type, cacheControl: "public, max-age=31536000, immutable" },
      }));
      return { photoUrl: path, contentType: actual, size };
    },

    /** GET of a stored photo: the bytes from R2 with long-lived immutable caching. */
    async serve(id: string, ifNoneMatch: string | undefined): Promise<Response> {
      if (!PHOTO_PATH_PATTERN.test(`${PATH_PREFIX}${id}`)) throw notFound("Photo not found");
      const object = await env.PHOTOS.get(`${KEY_PREFIX}${id}`);
      if (!object) throw notFound("Photo not found");
      const headers = {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Disposition": "inline",
      };
      return storedFileResponse(object, headers, ifNoneMatch);
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
        unique.map((p) => env.PHOTOS.head(`${KEY_PREFIX}${p.slice(PATH_PREFIX.length)}`)),
      );
      const missing = unique.find((_, i) => !found[i]);
      if (missing) throw badRequest(`Photo not found: ${missing}`);
      return unique;
    },
  };
}
