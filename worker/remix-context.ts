import type { CurrentUser } from "./domain/dealers";
import type { Services } from "./services";
import type { ClientInfo, SessionLookup, UnreadCounts, Viewer } from "./domain/accounts/sessions";

/** What every Remix loader and action receives as `context` (built in worker/remix.ts). */
export type RemixLoadContextFields = {
  env: Env;
  ctx: ExecutionContext;
  services: Services;
  viewer: Viewer | null;
  currentUser: CurrentUser | null;
  sessionToken: string | undefined;
  clientIp: string;
  /** The browser's user agent and approximate place (request.cf), for sessions and the audit trail. */
  client: ClientInfo;
  /** The signed-in session (its public id and hash), for the security settings. */
  session: SessionLookup | null;
  /** The signed-in dealer's unread messages and notifications, read with the session when it could be. */
  unreadCounts: () => Promise<UnreadCounts>;
  nonce: string;
  /** A toast set by the action that redirected here (worker/auth/cookies.ts toastCookie). */
  flashToast: { title: string; description?: string } | null;
  /** The public API's OpenAPI 3.1 document on this origin (worker/api/index.ts), for /api-docs. */
  apiDocument: (origin: string) => object;
};
