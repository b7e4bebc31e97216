import { z } from "zod";
import { sniffImageType } from "#lib/image-type";
import { storedPathOf } from "#lib/stored-paths";

/**
 * Photos and files in a chat: what a message may carry, checked the same way by the browser
 * (before an upload starts) and by the worker (on the signed PUT and again on the send). Pure: no I/O.
 */
export const CHAT_ATTACHMENTS_MAX = 10;
export const CHAT_FILE_MAX_BYTES = 20 * 1024 * 1024;

export type ChatFileType = "application/pdf" | "image/jpeg" | "image/png" | "image/webp";
export const CHAT_FILE_TYPES: readonly ChatFileType[] = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
];

export const HEIC_REFUSED =
  "HEIC photos cannot be sent: choose the photo again from Photos (it then arrives as a JPEG) or send a JPEG, PNG or PDF";
export const CHAT_FILE_TYPE_REFUSED = "Only PDF, JPEG, PNG and WebP files can be sent in a chat";
export const CHAT_FILE_TOO_LARGE = "Files must be at most 20 MB";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** HEIC/HEIF: an ISO-BMFF "ftyp" box naming one of Apple's brands. */
export function isHeic(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii("ftyp"), 4)) return false;
  const brand = String.fromCharCode(...bytes.slice(8, 12));
  return ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(brand);
}

/** The type of a chat file from its first bytes, never from its name or the sender's claim. */
export function sniffChatFileType(bytes: Uint8Array): ChatFileType | "image/heic" | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (isHeic(bytes)) return "image/heic";
  const image = sniffImageType(bytes);
  return image && (CHAT_FILE_TYPES as readonly string[]).includes(image) ? (image as ChatFileType) : null;
}

export const CHAT_FILE_PATH_PATTERN =
  /^\/objects\/chat-files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `/objects/chat-files/{id}` from a stored address, absolute on our origin or a path; null otherwise. */
export const chatFilePathOf = (address: string, ownOrigin?: string) =>
  storedPathOf(CHAT_FILE_PATH_PATTERN, address, ownOrigin);

/** One attachment as a message carries it (POST /api/messages, the socket frame, every answer). */
export const chatAttachmentSchema = z.object({
  url: z
    .string()
    .describe("the stored address, /objects/chat-files/{id}: readable by the chat's two dealers"),
  name: z.string().describe("the file's name as the sender picked it"),
  contentType: z.enum(CHAT_FILE_TYPES as [ChatFileType, ...ChatFileType[]]),
  size: z.number().int().describe("bytes"),
  width: z.number().int().optional().describe("photos: pixels"),
  height: z.number().int().optional().describe("photos: pixels"),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

const dimension = z.number().int().min(1).max(20_000).optional();

/** What a sender may put on a message: the server checks each url is their own upload and reads type and size from R2. */
export const chatAttachmentInputSchema = z.object({
  url: z
    .string()
    .max(300)
    .refine((url) => chatFilePathOf(url) !== null, "Attachments must be files uploaded to this chat"),
  name: z.string().trim().min(1, "A file needs a name").max(200),
  contentType: z.string().max(100),
  size: z.number().int().min(1).max(CHAT_FILE_MAX_BYTES, CHAT_FILE_TOO_LARGE),
  width: dimension,
  height: dimension,
});

export const chatAttachmentsInputSchema = z
  .array(chatAttachmentInputSchema)
  .max(CHAT_ATTACHMENTS_MAX, `A message can carry at most ${CHAT_ATTACHMENTS_MAX} files`);
