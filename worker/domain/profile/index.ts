import { eq, sql } from "drizzle-orm";
import { sniffImageType, type ImageType } from "#lib/image-type";
import { PROFILE_PHOTO_MAX_BYTES, type ProfilePatch } from "#lib/schemas/profile";
import { toIso } from "#lib/api-types";
import type { Database } from "../../db/client";
import { dealers } from "../../db/schema";
import type { DealerRow } from "../dealers";
import { DomainError, badRequest } from "../shared/errors";
import { newId } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";

/** Where every stored photo lives: R2 key `uploads/{uuid}`, served at `/objects/uploads/{uuid}`. */
const UPLOAD_KEY_PREFIX = "uploads/";
const UPLOAD_URL_PREFIX = "/objects/uploads/";

const PHOTO_LABELS = { avatar: "Profile photo", dealershipPhoto: "Dealership photo" } as const;
type PhotoField = keyof typeof PHOTO_LABELS;

/** A photo as it arrives: a data URL from the browser (JSON) or a file from a plain form post. */
type IncomingPhoto = string | File | null | undefined;

const tooBig = (label: string) => new DomainError(413, `${label} is too large: maximum 2MB`);

/** Decodes `data:image/…;base64,…` without trusting the declared type; the bytes decide (magic numbers). */
function decodeDataUrl(dataUrl: string, label: string): Uint8Array {
  const match = /^data:([\w/+.-]*)(;[\w=.-]+)*;base64,/.exec(dataUrl.slice(0, 200));
  if (!match) throw badRequest(`${label} must be an image sent as a data URL`);
  const base64 = dataUrl.slice(match[0].length).replace(/\s/g, "");
  // Four base64 characters carry three bytes: refuse before decoding anything too large.
  if (
    Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0) >
    PROFILE_PHOTO_MAX_BYTES
  ) {
    throw tooBig(label);
  }
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw badRequest(`${label} is not valid base64 data`);
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function photoBytes(photo: string | File, label: string): Promise<Uint8Array> {
  if (typeof photo === "string") return decodeDataUrl(photo, label);
  if (photo.size > PROFILE_PHOTO_MAX_BYTES) throw tooBig(label);
  return new Uint8Array(await photo.arrayBuffer());
}

function checkedImage(bytes: Uint8Array, label: string): ImageType {
  if (bytes.length === 0) throw badRequest(`${label} is empty`);
  if (bytes.length > PROFILE_PHOTO_MAX_BYTES) throw tooBig(label);
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(`${label} must be an image (JPEG, PNG, WebP, GIF or AVIF)`);
  return type;
}

/** The signed-in dealer's own profile: PATCH /api/profile, photos in R2, and the Recent Activity tab. */
export function profileService(db: Database, photos: R2Bucket, rateLimits: RateLimitService) {
  async function storePhoto(photo: string | File, field: PhotoField, dealerId: string): Promise<string> {
    await rateLimits.spend([LIMITS.uploadsPerDealer, dealerId]);
    const label = PHOTO_LABELS[field];
    const bytes = await photoBytes(photo, label);
    const contentType = checkedImage(bytes, label);
    const id = newId();
    await photos.put(`${UPLOAD_KEY_PREFIX}${id}`, bytes, {
      httpMetadata: { contentType, cacheControl: "public, max-age=31536000, immutable" },
      customMetadata: { kind: field },
    });
    return `${UPLOAD_URL_PREFIX}${id}`;
  }

  /**
   * A photo field's new value: a data URL or file is stored and becomes its address; the current
   * address keeps it; null removes it; any other address is refused (a profile only shows our own photos).
   */
  async function resolvePhoto(
    value: IncomingPhoto,
    dealer: DealerRow,
    field: PhotoField,
  ): Promise<string | null | undefined> {
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (typeof value !== "string") return value.size === 0 ? undefined : storePhoto(value, field, dealer.id);
    if (value.startsWith("data:")) return storePhoto(value, field, dealer.id);
    if (value === dealer[field]) return undefined;
    throw badRequest(`${PHOTO_LABELS[field]} must be a new image or the current photo`);
  }

  return {
    /**
     * Updates the dealer's own profile with what was sent. `name` follows first and last name when
     * either changes. Photos are checked (image magic bytes, ≤ 2 MB: 413 beyond) and stored in R2 first,
     * so the profile only ever holds an address, never a data URL.
     */
    async update(
      dealer: DealerRow,
      patch: Omit<ProfilePatch, "avatar" | "dealershipPhoto">,
      photoInput: { avatar?: IncomingPhoto; dealershipPhoto?: IncomingPhoto } = {},
    ): Promise<DealerRow> {
      const [avatar, dealershipPhoto] = await Promise.all([
        resolvePhoto(photoInput.avatar, dealer, "avatar"),
        resolvePhoto(photoInput.dealershipPhoto, dealer, "dealershipPhoto"),
      ]);
      const firstName = patch.firstName ?? dealer.firstName;
      const lastName = patch.lastName ?? dealer.lastName;
      const nameFromParts = patch.firstName !== undefined || patch.lastName !== undefined;
      const changes: Partial<typeof dealers.$inferInsert> = {
        firstName: patch.firstName,
        lastName: patch.lastName,
        name: nameFromParts ? `${firstName} ${lastName}`.trim() : patch.name,
        email: patch.email,
        phone: patch.phone,
        dealershipName: patch.dealershipName,
        dealershipType: patch.dealershipType,
        profileType: patch.profileType,
        buysCanadianVehicles: patch.buysCanadianVehicles,
        address: patch.address,
        city: patch.city,
        state: patch.state,
        zipCode: patch.zipCode ?? patch.zip,
        licenseNumber: patch.licenseNumber === undefined ? undefined : patch.licenseNumber || null,
        website: patch.website,
        description: patch.description === undefined ? undefined : patch.description || null,
        vehiclesNeeded: patch.vehiclesNeeded === undefined ? undefined : patch.vehiclesNeeded || null,
        vehiclesSold: patch.vehiclesSold === undefined ? undefined : patch.vehiclesSold || null,
        avatar,
        dealershipPhoto,
      };
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const now = Date.now();
      const [updated] = await db
        .update(dealers)
        .set({ ...set, updatedAt: now, lastActiveAt: now })
        .where(eq(dealers.id, dealer.id))
        .returning();
      if (!updated) throw new DomainError(404, "Your dealer profile was not found");
      return updated;
    },

    /** The profile's Recent Activity tab: the dealer's latest posts and comments, newest first. */
    async recentActivity(dealerId: string, limit = 10) {
      const rows = await db.all<{
        kind: "post" | "comment";
        postId: string;
        title: string;
        text: string;
        createdAt: number;
      }>(sql`
        select * from (
          select 'post' as kind, p.id as postId, p.title as title, p.type as text, p.created_at as createdAt
          from inventory_posts p where p.dealer_id = ${dealerId}
          order by p.created_at desc limit ${limit})
        union all
        select * from (
          select 'comment' as kind, p.id as postId, p.title as title, c.content as text, c.created_at as createdAt
          from comments c join inventory_posts p on p.id = c.post_id where c.dealer_id = ${dealerId}
          order by c.created_at desc limit ${limit})
        order by createdAt desc limit ${limit}`);
      return rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt) }));
    },
  };
}
