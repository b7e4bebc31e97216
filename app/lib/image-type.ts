/** Image types we store: what a dealer's phone or camera produces and every browser shows. */
export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";

export const IMAGE_TYPES: readonly ImageType[] = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type of a file, read from its first bytes (magic numbers), never from its name or the
 * type the sender claims. Null for anything that is not one of IMAGE_TYPES. Pure: browser and worker.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (isAvif(bytes)) return "image/avif";
  return null;
}

/** ISO-BMFF: a box size, "ftyp", then the major brand and compatible brands; AVIF names avif or avis. */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii("ftyp"), 4)) return false;
  const boxSize =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, boxSize > 0 ? boxSize : 32, 64);
  for (let offset = 8; offset + 4 <= end; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    if (startsWith(bytes, ascii("avif"), offset) || startsWith(bytes, ascii("avis"), offset)) return true;
  }
  return false;
}
