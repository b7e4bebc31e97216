import type { CurrentUser } from "./domain/dealers";
import type { Services } from "./domain";
import type { Viewer } from "./domain/sessions";

/** What every Remix loader and action receives as `context` (built in worker/remix.ts). */
export type RemixLoadContextFields = {
  env: Env;
  ctx: ExecutionContext;
  services: Services;
  viewer: Viewer | null;
  currentUser: CurrentUser | null;
  sessionToken: string | undefined;
  clientIp: string;
  nonce: string;
  /** A toast set by the action that redirected here (worker/auth/cookies.ts toastCookie). */
  flashToast: { title: string; description?: string } | null;
};
