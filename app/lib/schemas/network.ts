import { z } from "zod";
import { chatAttachmentsInputSchema } from "#lib/chat-files";
import {
  clientIdSchema,
  messageContextSchema,
  messageTextSchema,
  requireTextOrAttachments,
} from "#lib/realtime";

/** Request schemas of the connection and messaging calls. */

const dealerId = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);
const cursor = z
  .string()
  .max(1000, "Invalid cursor: start again from the first page")
  .optional()
  .describe("X-Next-Cursor of the previous page");

export const CONNECTIONS_PAGE_MAX = 100;
export const CHATS_PAGE_MAX = 200;
export const CHAT_MESSAGES_PAGE_MAX = 200;

/** `requesterId` may be sent (the client does) but is ignored: the requester is the session's dealer. */
export const addDealerBody = z.object({
  receiverId: dealerId("Please choose a dealer to connect with").describe("the dealer to connect with"),
  requesterId: z.unknown().optional().describe("ignored: you are the requester"),
});

export const removeDealerBody = z.object({
  dealerId: dealerId("Please choose a dealer to disconnect from").describe("the dealer to disconnect from"),
});

export const connectionsQuery = z.object({
  search: z.string().trim().max(100).optional().describe("part of the other dealer's or dealership's name"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONNECTIONS_PAGE_MAX)
    .optional()
    .describe("page size, 50 by default"),
  cursor,
});

export const openChatBody = z.object({
  participantId: z
    .string({ error: "participantId is required" })
    .min(1, "participantId is required")
    .max(64)
    .describe("the dealer to chat with"),
});

export const chatsQuery = z.object({
  cursor,
  limit: z.coerce.number().int().min(1).max(CHATS_PAGE_MAX).optional().describe("page size, 50 by default"),
});

export const chatMessagesQuery = z.object({
  cursor,
  after: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("the id of the newest message you hold: answers the messages stored after it"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHAT_MESSAGES_PAGE_MAX)
    .optional()
    .describe("page size, 50 by default"),
});

/** One chat's messages are read at GET /api/chats/{id}/messages; GET /api/messages spans every chat. */
export const latestMessagesQuery = z.strictObject(
  {
    cursor,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CHAT_MESSAGES_PAGE_MAX)
      .optional()
      .describe("page size, 50 by default"),
  },
  { error: "GET /api/messages takes cursor and limit; read one chat at GET /api/chats/{id}/messages" },
);

/** POST /api/messages. The sender always comes from the session: a `senderId` in the body is ignored. */
export const sendMessageSchema = z
  .object({
    receiverId: z
      .string({ error: "receiverId is required" })
      .min(1, "receiverId is required")
      .max(64)
      .describe("the dealer to write to"),
    content: messageTextSchema.describe(
      "the message text, at most 4000 characters; may be empty when the message carries attachments",
    ),
    isRead: z.boolean().optional().describe("ignored: a new message is unread"),
    context: messageContextSchema.describe("{ postTitle } when the message is about a post"),
    clientId: clientIdSchema
      .optional()
      .describe("your id for this message (8-64 letters, digits, - or _): a retry with it is stored once"),
    attachments: chatAttachmentsInputSchema
      .optional()
      .describe(
        "at most 10 photos or files (PDF, JPEG, PNG, WebP; 20 MB each), each uploaded by you through POST /api/objects/chat-upload",
      ),
  })
  .superRefine(requireTextOrAttachments);

/** POST /api/chats/{id}/calls/{callId}: the called dealer answers a ringing call, from any of their tabs. */
export const answerCallBody = z.object({
  answer: z.enum(["accept", "decline"], { error: 'answer must be "accept" or "decline"' }),
});
