import { and, eq, inArray } from "drizzle-orm";
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TOO_LARGE,
  CHAT_FILE_TYPE_REFUSED,
  CHAT_FILE_TYPES,
  HEIC_REFUSED,
  chatFilePathOf,
  sniffChatFileType,
  type ChatAttachment,
  type ChatFileType,
} from "#lib/chat-files";
import type { Database } from "../../db/client";
import { chatAttachments, chatParticipants } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../shared/errors";
import { signedPuts, storedFileResponse, type SignedPut, type UploadEnv } from "../uploads/signed-put";

/**
 * Photos and files in a chat: the same signed one-PUT addresses as post photos,
 * but the signature also names the dealer it was made for, the bytes may be a PDF, JPEG, PNG or WebP of up
 * to 20 MB, and nothing is public: a read needs the session of one of the chat's two dealers (or, before the
 * file is on a message, of its uploader), never the edge cache.
 */
const KEY_PREFIX = "chat-files/";
const PATH_PREFIX = "/objects/chat-files/";
const HEIC_TYPES = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"]);

const CHAT_FILE_RULES = {
  maxBytes: CHAT_FILE_MAX_BYTES,
  tooLarge: CHAT_FILE_TOO_LARGE,
  sniff: sniffChatFileType,
  refusal: (actual: string | null, declared: string) =>
    actual === "image/heic"
      ? HEIC_REFUSED
      : actual === declared
        ? null
        : actual
          ? `The file is a ${actual} file, not ${declared}`
          : CHAT_FILE_TYPE_REFUSED,
};

const idOf = (path: string) => path.slice(PATH_PREFIX.length);
const chatFileKeyOf = (id: string) => `${KEY_PREFIX}${id}`;

type ReceiveChatFile = SignedPut & { owner: string | undefined };

export type AttachmentInput = {
  url: string;
  name: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
};

export function chatFileService(db: Database, env: UploadEnv) {
  const puts = signedPuts(db, env, PATH_PREFIX);

  return {
    /** A signed PUT address on our own origin for one chat file of this dealer. */
    createUploadUrl: (origin: string, ownerId: string, now = Date.now()) =>
      puts.address(origin, ownerId, now),

    /** The signed PUT: signature, expiry, type, size and magic bytes, then the bytes stream into R2. */
    async receive(upload: ReceiveChatFile) {
      const path = `${PATH_PREFIX}${upload.id}`;
      if (!chatFilePathOf(path)) throw notFound("Upload not found");
      const owner = upload.owner ?? "";
      if (!owner || owner.length > 64) throw forbidden("This upload link is not valid");
      const expires = await puts.verify(upload, owner);
      const declared = (upload.contentType ?? "").split(";")[0]!.trim().toLowerCase();
      if (HEIC_TYPES.has(declared)) throw badRequest(HEIC_REFUSED);
      if (!(CHAT_FILE_TYPES as readonly string[]).includes(declared))
        throw badRequest(CHAT_FILE_TYPE_REFUSED);
      const key = chatFileKeyOf(upload.id);
      const { actual, size } = await puts.store(
        upload,
        { key, expires, declared },
        CHAT_FILE_RULES,
        (type) => ({
          httpMetadata: { contentType: type },
          customMetadata: { ownerId: owner },
        }),
      );
      // The rules refuse HEIC, so what was stored is one of the chat's file types.
      return { url: path, contentType: actual as ChatFileType, size };
    },

    /**
     * The attachments of a new message, each one checked: a chat file this sender uploaded, not already on
     * another message. Type and size are read from R2, whatever the sender claimed. 400 otherwise.
     */
    async attachable(senderId: string, inputs: readonly AttachmentInput[]): Promise<ChatAttachment[]> {
      const paths = inputs.map((input) => {
        const path = chatFilePathOf(input.url);
        if (!path) throw badRequest("Attachments must be files uploaded to this chat");
        return path;
      });
      if (new Set(paths).size !== paths.length) throw badRequest("The same file is attached twice");
      if (paths.length === 0) return [];
      // R2 and D1 asked at once: the files' owner and whether a message already carries one.
      const [objects, taken] = await Promise.all([
        Promise.all(paths.map((path) => env.PHOTOS.head(chatFileKeyOf(idOf(path))))),
        db
          .select({ fileId: chatAttachments.fileId })
          .from(chatAttachments)
          .where(inArray(chatAttachments.fileId, paths.map(idOf)))
          .all(),
      ]);
      objects.forEach((object) => {
        if (!object || object.customMetadata?.ownerId !== senderId) {
          throw badRequest("Attachments must be files you uploaded");
        }
      });
      if (taken.length) throw badRequest("A file can be sent on one message only");
      return inputs.map((input, i) => {
        const object = objects[i]!;
        const contentType = object.httpMetadata?.contentType as ChatFileType;
        const photo = contentType.startsWith("image/");
        return {
          url: paths[i]!,
          name: input.name,
          contentType,
          size: object.size,
          ...(photo && input.width ? { width: input.width } : {}),
          ...(photo && input.height ? { height: input.height } : {}),
        };
      });
    },

    /**
     * GET /objects/chat-files/{id}: for the two dealers of the chat whose message carries it (and its uploader
     * until then); everyone else gets the same 404 as for a file that does not exist.
     */
    async serve(
      id: string,
      viewerId: string | null,
      options: { download?: boolean; ifNoneMatch?: string } = {},
    ): Promise<Response> {
      if (!viewerId || !chatFilePathOf(`${PATH_PREFIX}${id}`)) throw notFound("File not found");
      const attached = await db
        .select({ chatId: chatAttachments.chatId, participant: chatParticipants.dealerId })
        .from(chatAttachments)
        .leftJoin(
          chatParticipants,
          and(eq(chatParticipants.chatId, chatAttachments.chatId), eq(chatParticipants.dealerId, viewerId)),
        )
        .where(eq(chatAttachments.fileId, id))
        .get();
      if (attached && !attached.participant) throw notFound("File not found");
      const object = await env.PHOTOS.get(chatFileKeyOf(id));
      if (!object) throw notFound("File not found");
      if (!attached && object.customMetadata?.ownerId !== viewerId) {
        await object.body.cancel();
        throw notFound("File not found");
      }
      const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
      const headers = {
        "Content-Type": contentType,
        // Private: the browser may keep it, no shared cache ever does.
        "Cache-Control": "private, max-age=3600",
        // No file name here: the link's download attribute names it as the sender did.
        "Content-Disposition": options.download ? "attachment" : "inline",
      };
      return storedFileResponse(object, headers, options.ifNoneMatch);
    },

    /** A chat file an admin reads as a dispute's evidence (the dispute was checked to name it), privately. */
    async serveEvidence(id: string, options: { ifNoneMatch?: string } = {}): Promise<Response> {
      const object = await env.PHOTOS.get(chatFileKeyOf(id));
      if (!object) throw notFound("File not found");
      const headers = {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Cache-Control": "private, max-age=3600",
        "Content-Disposition": "inline",
      };
      return storedFileResponse(object, headers, options.ifNoneMatch);
    },

    /** The stored files of deleted messages leave R2. */
    async remove(urls: readonly string[]) {
      const keys = urls.flatMap((url) => {
        const path = chatFilePathOf(url);
        return path ? [chatFileKeyOf(idOf(path))] : [];
      });
      if (keys.length) await env.PHOTOS.delete(keys);
    },
  };
}

export type ChatFileService = ReturnType<typeof chatFileService>;
