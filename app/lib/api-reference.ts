import { z } from "zod";
import { liveCallSchema } from "./realtime";
import {
  accountExportSchema,
  activeSessionSchema,
  apiErrorSchema,
  activitySchema,
  authStatusSchema,
  emailConfirmedSchema,
  securityEventSchema,
  sessionsEndedSchema,
  chatMessageSchema,
  chatSummarySchema,
  iceServersSchema,
  storedChatFileSchema,
  connectionSchema,
  completedDealSchema,
  contactReceiptSchema,
  currentUserSchema,
  dealCompletionReceiptSchema,
  dealSchema,
  dealerQuickViewSchema,
  directoryDealerSchema,
  discoverySchema,
  feedPostSchema,
  healthReportSchema,
  inventoryCountsSchema,
  notificationCountSchema,
  notificationPreferencesSchema,
  notificationSchema,
  openedChatSchema,
  outboxReceiptSchema,
  postCommentSchema,
  postDetailSchema,
  postMatchSchema,
  readReceiptSchema,
  storedUploadSchema,
  testDealAlertSchema,
  unreadCountSchema,
  unsubscribedSchema,
  uploadTicketSchema,
  userSettingsSchema,
  vinDecodeSchema,
  newsArticleSchema,
  subscriptionPlanSchema,
  mySubscriptionSchema,
  clientSecretSchema,
  invoiceSchema,
  planRequiredSchema,
  webhookReceiptSchema,
} from "./api-types";
import {
  accountListQuery,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  googleStartQuery,
  resetPasswordSchema,
  verifyEmailSchema,
} from "./schemas/account";
import { onboardingProfileSchema, signInSchema, signUpSchema } from "./schemas/auth";
import { contactMessageSchema } from "./schemas/contact";
import {
  completeDealSchema,
  dealCompletionNoticeSchema,
  dealsQuerySchema,
  passThruQuerySchema,
  passThruStepsSchema,
  proposeDealSchema,
} from "./schemas/deals";
import { dealerCreateSchema, dealerUpdateSchema, directoryQuerySchema } from "./schemas/dealer";
import {
  commentSchema,
  createPostSchema,
  feedQuerySchema,
  matchesQuerySchema,
  updatePostSchema,
} from "./schemas/inventory";
import {
  addDealerBody,
  chatMessagesQuery,
  chatsQuery,
  connectionsQuery,
  latestMessagesQuery,
  openChatBody,
  answerCallBody,
  removeDealerBody,
  sendMessageSchema,
} from "./schemas/network";
import {
  markReadSchema,
  notificationsQuerySchema,
  preferencesSchema,
  testEmailSchema,
  testSmsSchema,
  triggerDealAlertSchema,
  unsubscribeQuerySchema,
} from "./schemas/notifications";
import { newsArticleInputSchema, newsArticlePatchSchema, newsQuerySchema } from "./schemas/news";
import { profilePatchSchema } from "./schemas/profile";
import { settingsPatchSchema } from "./schemas/settings";
import { completeSubscriptionSchema, invoicesQuerySchema, planChoiceSchema } from "./subscriptions";

/**
 * Every endpoint the worker serves, with the schemas it reads and answers: the single description behind
 * /api-docs, and the list the API tests walk to hold every endpoint to the contract (and to check that the
 * router serves exactly these). Add an endpoint here when you add it to the router.
 */

export type Access = "public" | "signed-in" | "dealer" | "admin";

export type Answer = {
  status: number;
  /** The body's schema; absent for an empty answer (204) or a redirect. */
  schema?: z.ZodType;
  /** A JSON array of `schema` items, paged by `X-Next-Cursor`. */
  list?: boolean;
  /** `X-Total-Count` comes with each page. */
  total?: boolean;
  when?: string;
};

export type ApiEndpoint = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path parameters in braces: /api/dealers/{id}. */
  path: string;
  group: string;
  summary: string;
  access: Access;
  /** Path parameters and what they name. */
  params?: Record<string, string>;
  /** What a query or body parameter means, where its schema does not say. */
  notes?: Record<string, string>;
  query?: z.ZodType;
  body?: z.ZodType;
  answers: Answer[];
  /** The other path of the same operation (one handler serves both). */
  alias?: string;
};

const dealer: Access = "dealer";

export const API_ENDPOINTS: ApiEndpoint[] = [
  // Accounts
  {
    method: "POST",
    path: "/api/auth/signup",
    group: "Accounts",
    summary: "Create an account and sign in (the session cookie is set). The dealer profile comes next.",
    access: "public",
    body: signUpSchema,
    answers: [{ status: 201, schema: currentUserSchema }],
  },
  {
    method: "POST",
    path: "/api/auth/login",
    group: "Accounts",
    summary: "Sign in with e-mail and password; the session cookie is set.",
    access: "public",
    body: signInSchema,
    answers: [{ status: 200, schema: currentUserSchema }],
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    group: "Accounts",
    summary: "Sign out: the session ends and its cookie is cleared.",
    access: "public",
    answers: [{ status: 204 }],
  },
  {
    method: "GET",
    path: "/api/auth/status",
    group: "Accounts",
    summary: "Whether the request carries a valid session.",
    access: "public",
    answers: [{ status: 200, schema: authStatusSchema }],
  },
  {
    method: "GET",
    path: "/api/auth/me",
    group: "Accounts",
    summary: "The signed-in account as the current user.",
    access: "signed-in",
    answers: [{ status: 200, schema: currentUserSchema }],
    alias: "/api/profile",
  },
  {
    method: "POST",
    path: "/api/auth/create-dummy",
    group: "Accounts",
    summary: "Create a demo dealer account with sample posts, and sign in as it.",
    access: "public",
    answers: [{ status: 201, schema: currentUserSchema }],
  },
  {
    method: "POST",
    path: "/api/auth/complete-profile",
    group: "Accounts",
    summary: "Onboarding: save the account's dealer profile.",
    access: "signed-in",
    body: onboardingProfileSchema,
    answers: [
      { status: 201, schema: currentUserSchema, when: "the dealer profile was created" },
      { status: 200, schema: currentUserSchema, when: "the dealer profile existed and was updated" },
    ],
  },
  {
    method: "GET",
    path: "/api/auth/google",
    group: "Accounts",
    summary:
      "Browser navigation: starts Google sign-in (state and PKCE verifier in short-lived cookies, then a redirect to Google); redirects to /login?google=unavailable while it is not configured.",
    access: "public",
    query: googleStartQuery,
    answers: [{ status: 302 }],
  },
  {
    method: "GET",
    path: "/api/auth/google/callback",
    group: "Accounts",
    summary:
      "Where Google sends the dealer back: signs in (an account with the same confirmed e-mail is linked, otherwise one is made and goes to /onboarding) and redirects to redirectTo; every failure redirects to /login?google={reason}.",
    access: "public",
    notes: {
      code: "from Google",
      state: "must match the state cookie",
      error: "Google's refusal (denied consent)",
    },
    answers: [{ status: 302 }],
  },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    group: "Accounts",
    summary:
      "Ask for a password reset link by e-mail (valid 30 minutes, single use). The same answer whether or not the e-mail has an account.",
    access: "public",
    body: forgotPasswordSchema,
    answers: [{ status: 204 }, { status: 429, schema: apiErrorSchema, when: "too many requests" }],
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    group: "Accounts",
    summary:
      "Set a new password with the token from the reset e-mail: signs in here and ends every other session of the account.",
    access: "public",
    body: resetPasswordSchema,
    answers: [
      { status: 200, schema: currentUserSchema },
      {
        status: 400,
        schema: apiErrorSchema,
        when: "the token is not one we sent, or the password is too short",
      },
      { status: 410, schema: apiErrorSchema, when: "the link was already used or has expired" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/verify-email",
    group: "Accounts",
    summary:
      "Confirm the account's e-mail with the token from the confirmation e-mail; alerts and receipts that waited for it are sent.",
    access: "public",
    body: verifyEmailSchema,
    answers: [
      { status: 200, schema: emailConfirmedSchema },
      { status: 400, schema: apiErrorSchema, when: "the token is not one we sent" },
      { status: 410, schema: apiErrorSchema, when: "the link was already used or has expired" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/resend-verification",
    group: "Accounts",
    summary: "Send the confirmation e-mail again (a new link; earlier ones stop working).",
    access: "signed-in",
    answers: [
      { status: 204 },
      { status: 409, schema: apiErrorSchema, when: "the e-mail is already confirmed" },
    ],
  },
  {
    method: "POST",
    path: "/api/account/password",
    group: "Security",
    summary: "Change your password (the current one is required); every other session ends.",
    access: "signed-in",
    body: changePasswordSchema,
    answers: [
      { status: 200, schema: sessionsEndedSchema },
      { status: 400, schema: apiErrorSchema, when: "the current password is wrong or the new one too short" },
    ],
  },
  {
    method: "GET",
    path: "/api/account/sessions",
    group: "Security",
    summary: "Your signed-in browsers, most recently active first; `current` marks this one.",
    access: "signed-in",
    query: accountListQuery,
    answers: [{ status: 200, schema: activeSessionSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/account/sessions/end-others",
    group: "Security",
    summary: "Sign out everywhere else: every session but this one ends.",
    access: "signed-in",
    answers: [{ status: 200, schema: sessionsEndedSchema }],
  },
  {
    method: "DELETE",
    path: "/api/account/sessions/{id}",
    group: "Security",
    summary: "Sign out one of your sessions.",
    access: "signed-in",
    params: { id: "the session's id from GET /api/account/sessions" },
    answers: [
      { status: 204 },
      { status: 404, schema: apiErrorSchema, when: "no session of yours has that id" },
    ],
  },
  {
    method: "GET",
    path: "/api/account/export",
    group: "Security",
    summary:
      "Export my data: a JSON file (Content-Disposition: attachment) of your profile, posts and vehicles, comments, messages you sent, connections, settings and security events.",
    access: "signed-in",
    answers: [{ status: 200, schema: accountExportSchema }],
  },
  {
    method: "DELETE",
    path: "/api/account",
    group: "Security",
    summary:
      'Delete my account: your password (an account without one signs in with Google again first) and the typed confirmation DELETE. Sessions, settings, posts and comments go; messages other dealers received stay, from "Deleted dealer".',
    access: "signed-in",
    body: deleteAccountSchema,
    answers: [
      { status: 204 },
      { status: 400, schema: apiErrorSchema, when: "wrong password or no typed confirmation" },
      {
        status: 403,
        schema: apiErrorSchema,
        when: "no password and no Google sign-in in the last 10 minutes",
      },
    ],
  },
  {
    method: "GET",
    path: "/api/account/security-events",
    group: "Security",
    summary:
      "Your account's audit trail, newest first: sign-ins, failed sign-ins, password changes and resets, Google links, ended sessions.",
    access: "signed-in",
    query: accountListQuery,
    answers: [{ status: 200, schema: securityEventSchema, list: true }],
  },
  {
    method: "GET",
    path: "/api/profile",
    group: "Profile and settings",
    summary: "The signed-in account as the current user.",
    access: "signed-in",
    answers: [{ status: 200, schema: currentUserSchema }],
    alias: "/api/auth/me",
  },
  {
    method: "PATCH",
    path: "/api/profile",
    group: "Profile and settings",
    summary:
      "Change your dealer profile: only the fields sent change. Photos travel as data URLs (an image of at most 2 MB each), the current address keeps a photo, null removes it.",
    access: dealer,
    body: profilePatchSchema,
    answers: [{ status: 200, schema: currentUserSchema }],
  },
  {
    method: "GET",
    path: "/api/settings",
    group: "Profile and settings",
    summary: "Your display, notification and privacy settings.",
    access: "signed-in",
    answers: [{ status: 200, schema: userSettingsSchema }],
  },
  {
    method: "PATCH",
    path: "/api/settings",
    group: "Profile and settings",
    summary: "Change your settings: only the fields sent change.",
    access: "signed-in",
    body: settingsPatchSchema,
    answers: [{ status: 200, schema: userSettingsSchema }],
  },

  // Dealers and connections
  {
    method: "GET",
    path: "/api/dealers",
    group: "Dealers",
    summary:
      "The dealer directory, filtered and sorted. Without limit, a page holds your items-per-page setting.",
    access: "signed-in",
    query: directoryQuerySchema,
    notes: {
      name: "part of the dealer's or the dealership's name",
      state: "two-letter state or province code, such as TX or ON",
      dealershipType: "independent, franchise or wholesaler",
      buysCanadian: "true or false",
      sort: "name (A-Z), rating (unrated last), connections or active (most active lately)",
      exclude: "comma-separated: self leaves you out, connected leaves out your connections",
      scope: "all, connected (your connections) or added (dealers you added)",
      limit: "page size; your items-per-page setting when absent",
      cursor: "X-Next-Cursor of the previous page, with the same filters and sort",
    },
    answers: [{ status: 200, schema: directoryDealerSchema, list: true, total: true }],
  },
  {
    method: "POST",
    path: "/api/dealers",
    group: "Dealers",
    summary: "Add a dealer you trade with to the directory (a dealer without an account).",
    access: dealer,
    body: dealerCreateSchema,
    answers: [{ status: 201, schema: directoryDealerSchema }],
  },
  {
    method: "GET",
    path: "/api/dealers/inventory-counts",
    group: "Dealers",
    summary: "How many vehicles each dealer lists.",
    access: "signed-in",
    answers: [{ status: 200, schema: inventoryCountsSchema }],
  },
  {
    method: "GET",
    path: "/api/dealers/discover",
    group: "Dealers",
    summary: "Dealers near you, buyers wanting what you list, and sellers of what you are looking for.",
    access: dealer,
    answers: [{ status: 200, schema: discoverySchema }],
  },
  {
    method: "POST",
    path: "/api/dealers/connect",
    group: "Dealers",
    summary: "Connect with a dealer.",
    access: dealer,
    body: addDealerBody,
    answers: [
      { status: 201, schema: connectionSchema, when: "the connection was made" },
      { status: 200, schema: connectionSchema, when: "you were already connected" },
    ],
    alias: "/api/connections/add-dealer",
  },
  {
    method: "GET",
    path: "/api/dealers/{id}",
    group: "Dealers",
    summary: "One dealer with the figures of their profile popup and their latest posts.",
    access: "signed-in",
    params: { id: "the dealer id" },
    answers: [{ status: 200, schema: dealerQuickViewSchema }],
  },
  {
    method: "PATCH",
    path: "/api/dealers/{id}",
    group: "Dealers",
    summary: "Change a dealer: your own, or any as an admin. Only the fields sent change.",
    access: "signed-in",
    params: { id: "the dealer id" },
    body: dealerUpdateSchema,
    answers: [{ status: 200, schema: directoryDealerSchema }],
  },
  {
    method: "POST",
    path: "/api/connections/add-dealer",
    group: "Connections",
    summary: "Connect with a dealer.",
    access: dealer,
    body: addDealerBody,
    answers: [
      { status: 201, schema: connectionSchema, when: "the connection was made" },
      { status: 200, schema: connectionSchema, when: "you were already connected" },
    ],
    alias: "/api/dealers/connect",
  },
  {
    method: "POST",
    path: "/api/connections/remove",
    group: "Connections",
    summary: "Remove a connection, whoever made it (also 204 when there was none).",
    access: dealer,
    body: removeDealerBody,
    answers: [{ status: 204 }],
  },
  {
    method: "GET",
    path: "/api/connections",
    group: "Connections",
    summary: "Your connections, newest first, each with the other dealer.",
    access: dealer,
    query: connectionsQuery,
    answers: [{ status: 200, schema: connectionSchema, list: true }],
  },
  {
    method: "GET",
    path: "/api/connections/{userId}",
    group: "Connections",
    summary: "An account's connections: your own, or anyone's as an admin.",
    access: "signed-in",
    params: { userId: "the account id (userId of the current user)" },
    query: connectionsQuery,
    answers: [{ status: 200, schema: connectionSchema, list: true }],
  },

  // Messaging
  {
    method: "GET",
    path: "/api/chats",
    group: "Messaging",
    summary: "Your chats, latest activity first, with the last message and your unread count.",
    access: dealer,
    query: chatsQuery,
    answers: [{ status: 200, schema: chatSummarySchema, list: true }],
  },
  {
    method: "GET",
    path: "/api/chats/unread",
    group: "Messaging",
    summary: "How many messages you have not read, across every chat.",
    access: dealer,
    answers: [{ status: 200, schema: unreadCountSchema }],
  },
  {
    method: "GET",
    path: "/api/activity",
    group: "Messaging",
    summary: "The right column: your three latest conversations and your three newest connections.",
    access: dealer,
    answers: [{ status: 200, schema: activitySchema }],
  },
  {
    method: "POST",
    path: "/api/chats",
    group: "Messaging",
    summary: "Open the chat with a dealer and read its latest messages.",
    access: dealer,
    body: openChatBody,
    answers: [
      { status: 201, schema: openedChatSchema, when: "this call started the chat" },
      { status: 200, schema: openedChatSchema, when: "the chat existed" },
    ],
  },
  {
    method: "GET",
    path: "/api/chats/{id}/messages",
    group: "Messaging",
    summary:
      "A chat's messages, oldest first on each page: the latest page, then older pages by cursor. To catch up, send after= the newest message you hold.",
    access: dealer,
    params: { id: "the chat id" },
    query: chatMessagesQuery,
    answers: [{ status: 200, schema: chatMessageSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/chats/{id}/read",
    group: "Messaging",
    summary: "Mark what you received in a chat as read.",
    access: dealer,
    params: { id: "the chat id" },
    answers: [{ status: 200, schema: readReceiptSchema }],
  },
  {
    method: "GET",
    path: "/api/messages",
    group: "Messaging",
    summary: "Your messages across every chat, newest first.",
    access: dealer,
    query: latestMessagesQuery,
    answers: [{ status: 200, schema: chatMessageSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/messages",
    group: "Messaging",
    summary: "Send a message to a dealer. The sender is always you; the chat is started when needed.",
    access: dealer,
    body: sendMessageSchema,
    answers: [
      { status: 201, schema: chatMessageSchema, when: "the message was stored" },
      { status: 200, schema: chatMessageSchema, when: "a message with this clientId was already stored" },
      { status: 402, schema: planRequiredSchema, when: "your trial or plan has ended" },
    ],
  },
  {
    method: "DELETE",
    path: "/api/messages/{id}",
    group: "Messaging",
    summary:
      "Take back your own message within 15 minutes of sending it; its photos and files are deleted from storage too.",
    access: dealer,
    params: { id: "the message id" },
    answers: [
      { status: 204 },
      { status: 403, schema: apiErrorSchema, when: "not your message, or sent more than 15 minutes ago" },
      { status: 404, schema: apiErrorSchema, when: "no message of your chats has that id" },
    ],
  },
  {
    method: "POST",
    path: "/api/objects/chat-upload",
    group: "Messaging",
    summary:
      "A signed address for one chat photo or file (one PUT of a PDF, JPEG, PNG or WebP of at most 20 MB), private to the chat it is sent in.",
    access: dealer,
    answers: [{ status: 201, schema: uploadTicketSchema }],
  },
  {
    method: "PUT",
    path: "/objects/chat-files/{id}",
    group: "Messaging",
    summary:
      "Upload the chat file to the uploadURL with its Content-Type; the bytes must be what the type says (HEIC is refused). Then send its url in a message's attachments.",
    access: "public",
    params: { id: "from uploadURL (keep its expires, owner and signature query)" },
    answers: [
      { status: 201, schema: storedChatFileSchema },
      { status: 400, schema: apiErrorSchema, when: "not a PDF, JPEG, PNG or WebP by its bytes, or HEIC" },
      { status: 413, schema: apiErrorSchema, when: "over 20 MB" },
    ],
  },
  {
    method: "GET",
    path: "/objects/chat-files/{id}",
    group: "Messaging",
    summary:
      "A chat photo or file, read with the session of one of the chat's two dealers. Anyone else, signed in or not, gets the 404 of a file that does not exist. Add ?download=1 to save it rather than show it.",
    access: "public",
    params: { id: "from the attachment's url" },
    answers: [
      { status: 200 },
      { status: 404, schema: apiErrorSchema, when: "not yours to read, or no such file" },
    ],
  },
  {
    method: "POST",
    path: "/api/chats/{id}/calls/{callId}",
    group: "Messaging",
    summary:
      "Accept or decline a call that is ringing for you (it rings through your live inbox as a call-ring frame). Signalling then travels the chat's socket.",
    access: dealer,
    params: { id: "the chat id", callId: "the call id from the call-ring frame" },
    body: answerCallBody,
    answers: [
      { status: 200, schema: liveCallSchema },
      { status: 404, schema: apiErrorSchema, when: "the call has ended, or it is not ringing for you" },
      { status: 409, schema: apiErrorSchema, when: "the call was already answered" },
    ],
  },
  {
    method: "GET",
    path: "/api/calls/ice-servers",
    group: "Messaging",
    summary:
      "The ICE servers for a call's RTCPeerConnection: STUN, plus short-lived Cloudflare TURN credentials when the server has a TURN key.",
    access: dealer,
    answers: [{ status: 200, schema: iceServersSchema }],
  },

  // Inventory
  {
    method: "GET",
    path: "/api/inventory",
    group: "Inventory",
    summary: "The feed, newest first: every tab, and full-text search.",
    access: dealer,
    query: feedQuerySchema,
    notes: {
      search: "words to find in titles, descriptions and vehicles",
      sort: "recent, requests, for-sale or auction-promo",
      limit: "page size",
      cursor: "X-Next-Cursor of the previous page, with the same search and sort",
    },
    answers: [{ status: 200, schema: feedPostSchema, list: true }],
  },
  {
    method: "GET",
    path: "/api/inventory/{id}",
    group: "Inventory",
    summary: "One post with its vehicles and latest comments.",
    access: dealer,
    params: { id: "the post id" },
    answers: [{ status: 200, schema: postDetailSchema }],
  },
  {
    method: "POST",
    path: "/api/inventory",
    group: "Inventory",
    summary: "Post inventory or a request. Photos must be addresses of photos uploaded here.",
    access: dealer,
    body: createPostSchema,
    answers: [
      { status: 201, schema: postDetailSchema },
      { status: 402, schema: planRequiredSchema, when: "your trial or plan has ended" },
    ],
  },
  {
    method: "PATCH",
    path: "/api/inventory/{id}",
    group: "Inventory",
    summary:
      "Change your post (an admin: any post): title, description, vehicles' prices and statuses, mark it sold, or renew it for 30 days. A lowered price tells the interested dealers.",
    access: dealer,
    params: { id: "the post id" },
    body: updatePostSchema,
    answers: [{ status: 200, schema: postDetailSchema }],
  },
  {
    method: "DELETE",
    path: "/api/inventory/{id}",
    group: "Inventory",
    summary: "Delete your post (an admin: any post).",
    access: dealer,
    params: { id: "the post id" },
    answers: [{ status: 204 }],
  },
  {
    method: "GET",
    path: "/api/inventory/{id}/matches",
    group: "Inventory",
    summary:
      "The posts on the other side, newest first: for a request, the listings that answer it; for a listing, the open requests it answers.",
    access: dealer,
    params: { id: "the post id" },
    query: matchesQuerySchema,
    answers: [{ status: 200, schema: postMatchSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/inventory/{id}/comments",
    group: "Inventory",
    summary: "Comment on a post.",
    access: dealer,
    params: { id: "the post id" },
    body: commentSchema,
    answers: [{ status: 201, schema: postCommentSchema }],
  },
  {
    method: "POST",
    path: "/api/objects/upload",
    group: "Inventory",
    summary: "A signed address for one photo upload (one PUT of one image of at most 10 MB).",
    access: dealer,
    answers: [{ status: 201, schema: uploadTicketSchema }],
  },
  {
    method: "PUT",
    path: "/objects/uploads/{id}",
    group: "Inventory",
    summary:
      "Upload the photo to the uploadURL, with the image's Content-Type as the body type. The signature is the credential.",
    access: "public",
    params: { id: "from uploadURL (keep its expires and signature query)" },
    answers: [{ status: 201, schema: storedUploadSchema }],
  },
  {
    method: "GET",
    path: "/api/vin/{vin}",
    group: "Inventory",
    summary: "Decode a VIN: year, make, model and more.",
    access: "signed-in",
    params: { vin: "the 17-character VIN" },
    answers: [{ status: 200, schema: vinDecodeSchema }],
  },

  // Notifications
  {
    method: "GET",
    path: "/api/notifications",
    group: "Notifications",
    summary: "Your notifications, newest first.",
    access: dealer,
    query: notificationsQuerySchema,
    notes: { limit: "page size", cursor: "X-Next-Cursor of the previous page" },
    answers: [{ status: 200, schema: notificationSchema, list: true }],
  },
  {
    method: "GET",
    path: "/api/notifications/unread-count",
    group: "Notifications",
    summary: "How many notifications you have not read (the bell).",
    access: dealer,
    answers: [{ status: 200, schema: notificationCountSchema }],
  },
  {
    method: "POST",
    path: "/api/notifications/read",
    group: "Notifications",
    summary:
      "Mark these notifications read, or all of them when ids is absent; answers the bell's new count.",
    access: dealer,
    body: markReadSchema,
    answers: [{ status: 200, schema: notificationCountSchema }],
  },
  {
    method: "GET",
    path: "/api/notifications/preferences",
    group: "Notifications",
    summary: "Your notification preferences: the channels and the kinds of alert.",
    access: dealer,
    answers: [{ status: 200, schema: notificationPreferencesSchema }],
  },
  {
    method: "PATCH",
    path: "/api/notifications/preferences",
    group: "Notifications",
    summary: "Save your notification preferences: the whole object, every switch.",
    access: dealer,
    body: preferencesSchema,
    answers: [{ status: 200, schema: notificationPreferencesSchema }],
  },
  {
    method: "POST",
    path: "/api/notifications/test-sms",
    group: "Notifications",
    summary:
      "Send a test text to a US or Canadian number (at most five an hour); delivered after the answer.",
    access: dealer,
    body: testSmsSchema,
    answers: [{ status: 202, schema: outboxReceiptSchema }],
  },
  {
    method: "POST",
    path: "/api/notifications/test-email",
    group: "Notifications",
    summary: "Send a test e-mail (at most five an hour); delivered after the answer.",
    access: dealer,
    body: testEmailSchema,
    answers: [{ status: 202, schema: outboxReceiptSchema }],
  },
  {
    method: "POST",
    path: "/api/notifications/trigger-deal-alert",
    group: "Notifications",
    summary:
      "Send yourself a full test deal alert: in the app, and by text and e-mail as your switches allow (at most five an hour). userId is always you.",
    access: dealer,
    body: triggerDealAlertSchema,
    answers: [{ status: 202, schema: testDealAlertSchema }],
  },
  {
    method: "POST",
    path: "/api/notifications/unsubscribe",
    group: "Notifications",
    summary:
      "One-click unsubscribe (RFC 8058), posted by mail apps from an alert e-mail's List-Unsubscribe header: the signed token is the credential.",
    access: "public",
    query: unsubscribeQuerySchema,
    notes: { token: "the signed token of the e-mail's unsubscribe link" },
    answers: [{ status: 200, schema: unsubscribedSchema }],
  },

  // Plans and billing
  {
    method: "GET",
    path: "/api/subscription-plans",
    group: "Plans and billing",
    summary: "The plans on sale (Basic, Premium), cheapest first; prices per month, exact in cents.",
    access: "public",
    answers: [{ status: 200, schema: z.array(subscriptionPlanSchema) }],
  },
  {
    method: "GET",
    path: "/api/my-subscription",
    group: "Plans and billing",
    summary:
      "Your plan: its status, next billing (or end) date, card on file (brand and last 4), the free trial's end, and what you may do.",
    access: "signed-in",
    answers: [{ status: 200, schema: mySubscriptionSchema }],
  },
  {
    method: "POST",
    path: "/api/get-or-create-subscription",
    group: "Plans and billing",
    summary:
      "Start a subscription waiting for its first payment and get the secret to pay it with (Stripe's Payment Element, or the demo card form). Asking again before paying answers the same subscription.",
    access: dealer,
    body: planChoiceSchema,
    answers: [{ status: 200, schema: clientSecretSchema }],
  },
  {
    method: "POST",
    path: "/api/auth/complete-subscription",
    group: "Plans and billing",
    summary:
      "Pay for a plan by card with the demo processor (onboarding: cardholderName; purchase page: nameOnCard and billingAddress). Only the brand and last 4 are kept. Answers 409 where Stripe takes the card instead.",
    access: dealer,
    body: completeSubscriptionSchema,
    answers: [
      { status: 201, schema: mySubscriptionSchema },
      { status: 402, when: "the card was declined: the provider's message" },
    ],
  },
  {
    method: "POST",
    path: "/api/cancel-subscription",
    group: "Plans and billing",
    summary: "Cancel at the end of the period you paid for; until then everything keeps working.",
    access: dealer,
    answers: [{ status: 200, schema: mySubscriptionSchema }],
  },
  {
    method: "POST",
    path: "/api/resume-subscription",
    group: "Plans and billing",
    summary: "Undo a cancel before the period ends.",
    access: dealer,
    answers: [{ status: 200, schema: mySubscriptionSchema }],
  },
  {
    method: "POST",
    path: "/api/change-subscription",
    group: "Plans and billing",
    summary:
      "Change plans: an upgrade starts now, billed for the rest of the period; a downgrade starts at the period end. Your current plan again undoes a pending downgrade.",
    access: dealer,
    body: planChoiceSchema,
    answers: [{ status: 200, schema: mySubscriptionSchema }],
  },
  {
    method: "GET",
    path: "/api/invoices",
    group: "Plans and billing",
    summary: "Your invoices, newest first, with amounts in cents and the money-back guarantee's last day.",
    access: dealer,
    query: invoicesQuerySchema,
    notes: { limit: "page size", cursor: "X-Next-Cursor of the previous page" },
    answers: [{ status: 200, schema: invoiceSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/webhooks/stripe",
    group: "Plans and billing",
    summary:
      "Stripe's webhook for invoice.paid, invoice.payment_failed, customer.subscription.updated and customer.subscription.deleted: the Stripe-Signature header is checked over the raw body; each event is applied once, never moving a subscription backwards.",
    access: "public",
    answers: [
      { status: 200, schema: webhookReceiptSchema },
      { status: 400, when: "the signature is missing or wrong" },
      { status: 404, when: "Stripe is not configured on this server" },
    ],
  },
  // Deals and Pass Thru Sales
  {
    method: "GET",
    path: "/api/deals",
    group: "Deals",
    summary: "Your deals (proposed by you or to you), newest first; status narrows them.",
    access: dealer,
    query: dealsQuerySchema,
    notes: { limit: "page size", cursor: "X-Next-Cursor of the previous page" },
    answers: [{ status: 200, schema: dealSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/deals",
    group: "Deals",
    summary:
      "Propose a deal to another dealer: the vehicle, the price in whole dollars, and your side (seller or buyer). It waits for their confirmation.",
    access: dealer,
    body: proposeDealSchema,
    answers: [{ status: 201, schema: dealSchema }],
  },
  {
    method: "POST",
    path: "/api/deals/sample",
    group: "Deals",
    summary: "The Test Deal Popup: a sample pending deal for you to confirm, labelled as a sample.",
    access: dealer,
    answers: [{ status: 201, schema: dealSchema }],
  },
  {
    method: "POST",
    path: "/api/deals/complete",
    group: "Deals",
    summary:
      "Complete a confirmed deal (dealId) with its verified details, or record a deal closed elsewhere (no dealId). VIN, make, model and price are required, and an auction location for Manheim, ADESA, Copart, IAA, America's Auto Auction, Barrett-Jackson, Mecum, RM Sotheby's and independent auctions. Completing twice is one deal.",
    access: dealer,
    body: completeDealSchema,
    answers: [
      { status: 201, schema: completedDealSchema, when: "a deal closed elsewhere was recorded" },
      { status: 200, schema: completedDealSchema, when: "the deal was completed, or already was" },
    ],
  },
  {
    method: "GET",
    path: "/api/deals/{id}",
    group: "Deals",
    summary: "One of your deals (404 for anyone but its two dealers).",
    access: dealer,
    params: { id: "the deal id" },
    answers: [{ status: 200, schema: dealSchema }],
  },
  {
    method: "POST",
    path: "/api/deals/{id}/confirm",
    group: "Deals",
    summary:
      "Confirm a deal proposed to you (the proposer gets 403): it joins both dealers' Pass Thru Sales and its commission is fixed. Confirming again changes nothing.",
    access: dealer,
    params: { id: "the deal id" },
    answers: [{ status: 200, schema: dealSchema }],
  },
  {
    method: "POST",
    path: "/api/deals/{id}/decline",
    group: "Deals",
    summary: "Decline a pending deal proposed to you.",
    access: dealer,
    params: { id: "the deal id" },
    answers: [{ status: 200, schema: dealSchema }],
  },
  {
    method: "POST",
    path: "/api/deals/{id}/withdraw",
    group: "Deals",
    summary: "Withdraw a pending deal you proposed.",
    access: dealer,
    params: { id: "the deal id" },
    answers: [{ status: 200, schema: dealSchema }],
  },
  {
    method: "GET",
    path: "/api/deals/{id}/bill-of-sale",
    group: "Deals",
    summary: "The completed deal's Bill of Sale (application/pdf), for its two dealers only.",
    access: dealer,
    params: { id: "the deal id" },
    answers: [{ status: 200, when: "a PDF" }],
  },
  {
    method: "GET",
    path: "/api/pass-thru-sales",
    group: "Deals",
    summary: "Your pass-thru sales: confirmed and completed deals with their steps, newest first.",
    access: dealer,
    query: passThruQuerySchema,
    notes: { limit: "page size", cursor: "X-Next-Cursor of the previous page" },
    answers: [{ status: 200, schema: dealSchema, list: true }],
  },
  {
    method: "GET",
    path: "/api/pass-thru-sales/export",
    group: "Deals",
    summary: "Export Details: every pass-thru sale as CSV (text/csv).",
    access: dealer,
    answers: [{ status: 200, when: "a CSV file" }],
  },
  {
    method: "PATCH",
    path: "/api/pass-thru-sales/{id}",
    group: "Deals",
    summary:
      "Move a pass-thru sale's steps (sale complete, title missing / received / sent, gate pass issued, in transit, delivered); each remembers who and when.",
    access: dealer,
    params: { id: "the deal id" },
    body: passThruStepsSchema,
    answers: [{ status: 200, schema: dealSchema }],
  },
  {
    method: "POST",
    path: "/api/notifications/deal-completion",
    group: "Notifications",
    summary:
      "Send a completed deal's confirmation e-mails to both dealers (sent at completion already; a repeat sends nothing twice).",
    access: dealer,
    body: dealCompletionNoticeSchema,
    notes: {
      buyerEmail: "read and ignored: the e-mails go to the deal's two dealers",
      dealData: "read and ignored: the e-mail shows the deal as stored",
    },
    answers: [{ status: 202, schema: dealCompletionReceiptSchema }],
  },

  // Wholesale News (admins)
  {
    method: "GET",
    path: "/api/admin/news",
    group: "Wholesale News",
    summary: "Every Wholesale News article, scheduled ones too, newest published first.",
    access: "admin",
    query: newsQuerySchema,
    answers: [{ status: 200, schema: newsArticleSchema, list: true }],
  },
  {
    method: "POST",
    path: "/api/admin/news",
    group: "Wholesale News",
    summary:
      "Write an article (Markdown body, shown without raw HTML). The slug defaults to the title, the date to now; the read time is computed.",
    access: "admin",
    body: newsArticleInputSchema,
    answers: [
      { status: 201, schema: newsArticleSchema },
      { status: 409, schema: apiErrorSchema, when: "another article has the slug" },
    ],
  },
  {
    method: "PATCH",
    path: "/api/admin/news/{id}",
    group: "Wholesale News",
    summary: "Change an article: only the fields sent change (the read time follows the body).",
    access: "admin",
    params: { id: "the article's id" },
    body: newsArticlePatchSchema,
    answers: [
      { status: 200, schema: newsArticleSchema },
      { status: 404, schema: apiErrorSchema, when: "no article has that id" },
      { status: 409, schema: apiErrorSchema, when: "another article has the slug" },
    ],
  },
  {
    method: "DELETE",
    path: "/api/admin/news/{id}",
    group: "Wholesale News",
    summary: "Delete an article.",
    access: "admin",
    params: { id: "the article's id" },
    answers: [{ status: 204 }, { status: 404, schema: apiErrorSchema, when: "no article has that id" }],
  },

  // Site
  {
    method: "POST",
    path: "/api/contact",
    group: "Site",
    summary: "Send a message to DealerLane support (at most five an hour from one address).",
    access: "public",
    body: contactMessageSchema,
    answers: [{ status: 201, schema: contactReceiptSchema }],
  },
  {
    method: "GET",
    path: "/api/health",
    group: "Site",
    summary: "The status of the database, photo storage and real-time messaging (503 while one is down).",
    access: "public",
    answers: [{ status: 200, schema: healthReportSchema }],
  },
];

export const endpointAnchor = (e: Pick<ApiEndpoint, "method" | "path">) =>
  `${e.method.toLowerCase()}${e.path.replace(/[^a-z0-9]+/gi, "-")}`.replace(/-+$/, "");
