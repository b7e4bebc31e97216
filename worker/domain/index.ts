import { deviceCookies } from "../auth/device-cookies";
import { isDemoMode } from "../../app/lib/demo-mode";
import { authFlows } from "../auth/flows";
import { openDatabase } from "../db/client";
import { accountService } from "./accounts";
import { connectionService } from "./connections";
import { contactService } from "./contact";
import { dealerDirectoryService } from "./directory";
import { dealerService } from "./dealers";
import { demoService } from "./demo";
import { messagingService } from "./messaging";
import { profileService } from "./profile";
import { publicSiteService } from "./public-site";
import { rateLimitService } from "./rate-limits";
import { secretStore } from "./secrets";
import { sessionService } from "./sessions";
import { settingsService } from "./settings";
import { shellService } from "./shell";
import { inventoryService } from "./inventory";
import { uploadService } from "./uploads";
import { vinService } from "./vin";
import type { AiBinding } from "./inventory/summary";
import { announceNewPost } from "../realtime/announce-post";
import { deliverMessage } from "../realtime/deliver-message";
import type { SendInput } from "./messaging";

/** Every domain service, bound to this request's bindings. The only way the app reaches D1. */
export function createServices(env: Env) {
  const db = openDatabase(env.DB);
  const accounts = accountService(db);
  const rateLimits = rateLimitService(db);
  const dealers = dealerService(db, rateLimits);
  const sessions = sessionService(db);
  const demo = demoService(db, env.PHOTOS);
  const messaging = messagingService(db, rateLimits);
  const directory = dealerDirectoryService(db);
  // Optional configuration (README "Configuration"): UPLOAD_SIGNING_SECRET, VPIC_BASE_URL, an AI binding.
  const optional = env as Env & { UPLOAD_SIGNING_SECRET?: string; VPIC_BASE_URL?: string; AI?: AiBinding };
  const uploads = uploadService(db, optional);
  const connections = connectionService(db, directory, rateLimits);
  return {
    accounts,
    dealers,
    sessions,
    rateLimits,
    demo,
    auth: authFlows({
      accounts,
      sessions,
      rateLimits,
      demo,
      devices: deviceCookies(() => secretStore(db).hmacKey("device-cookie-key")),
      demoMode: isDemoMode(env.DEMO_MODE),
    }),
    shell: shellService(db, messaging),
    messaging,
    /** Send a chat message: stored in D1, then delivered live (worker/realtime/deliver-message.ts). */
    chat: { send: (input: SendInput) => deliverMessage(env, messaging, input) },
    contact: contactService(db, rateLimits),
    publicSite: publicSiteService(db, env),
    directory,
    connections,
    profile: profileService(db, env.PHOTOS, rateLimits),
    settings: settingsService(db),
    uploads,
    inventory: inventoryService(db, {
      uploads,
      rateLimits,
      ai: optional.AI,
      onPostCreated: async (post) =>
        announceNewPost(env, post, [post.dealerId, ...(await connections.connectedDealerIds(post.dealerId))]),
    }),
    vin: vinService(db, optional),
  };
}

export type Services = ReturnType<typeof createServices>;
