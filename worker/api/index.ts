import { API_KEY_MARK, API_KEY_RATE } from "#lib/api-keys";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { apiKeyAuth } from "../http/api-key-auth";
import { apiKeyRoutes } from "./api-keys";
import { BEARER_SCHEME, openApiRouter, publicOperationsOf, type PublicOperation } from "./openapi";
import { activityRoutes } from "./activity";
import { accountRoutes } from "./account";
import { adminRoutes } from "./admin";
import { adminNewsRoutes } from "./admin-news";
import { authRoutes } from "./auth";
import { callRoutes } from "./calls";
import { chatRoutes } from "./chats";
import { connectionRoutes } from "./connections";
import { contactRoutes } from "./contact";
import { dealerRoutes } from "./dealers";
import { dealRoutes, passThruRoutes } from "./deals";
import { healthRoutes } from "./health";
import { inventoryRoutes } from "./inventory";
import { objectApiRoutes } from "./objects";
import { vinRoutes } from "./vin";
import { messageRoutes } from "./messages";
import { notificationRoutes } from "./notifications";
import { profileRoutes } from "./profile";
import { settingsRoutes } from "./settings";
import { subscriptionRoutes } from "./subscriptions";
import { verificationRoutes } from "./verification";

/** Everything under /api: one router per resource. */
export const api = openApiRouter(apiKeyAuth(() => publicOperations()));

api
  .get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(apiDocument(new URL(c.req.url).origin), 200);
  })
  .route("/account", accountRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/activity", activityRoutes)
  .route("/admin/news", adminNewsRoutes)
  .route("/admin", adminRoutes)
  .route("/auth", authRoutes)
  .route("/contact", contactRoutes)
  .route("/health", healthRoutes)
  .route("/calls", callRoutes)
  .route("/chats", chatRoutes)
  .route("/messages", messageRoutes)
  .route("/dealers", dealerRoutes)
  .route("/connections", connectionRoutes)
  .route("/profile", profileRoutes)
  .route("/settings", settingsRoutes)
  .route("/inventory", inventoryRoutes)
  .route("/objects", objectApiRoutes)
  .route("/vin", vinRoutes)
  .route("/notifications", notificationRoutes)
  .route("/", subscriptionRoutes)
  .route("/deals", dealRoutes)
  .route("/pass-thru-sales", passThruRoutes)
  .route("/verification", verificationRoutes)
  // Claim every other /api path here, so an unknown endpoint never falls through to the Remix pages.
  .all("*", (c) =>
    c.json({ message: `No API endpoint at ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
  );

api.openAPIRegistry.registerComponent("securitySchemes", BEARER_SCHEME, {
  type: "http",
  scheme: "bearer",
  bearerFormat: `${API_KEY_MARK}…`,
  description:
    "A DealerLane API key: `Authorization: Bearer dl_live_…`. Premium dealers create keys in Settings → API keys; our sales team issues them too. A key acts as its dealer within its scopes (read, messages:write, connections:write) and never with a session cookie.",
});

let madeDocument: OpenAPIObject | undefined;
let operations: PublicOperation[] | undefined;

/** The document without servers, made once per isolate from the routers' declarations. */
function baseDocument(): OpenAPIObject {
  madeDocument ??= api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "DealerLane API",
      version: "1.0.0",
      description: `The DealerLane dealer network for your own systems: the dealer directory, connections, messages, deals and the inventory feed. Every call needs an API key (bearer) and is limited to ${API_KEY_RATE.perMinute} requests a minute per key (${API_KEY_RATE.burst} in ${API_KEY_RATE.burstSeconds} seconds). Lists are JSON arrays paged by the \`X-Next-Cursor\` header; times are ISO 8601; errors are \`{message, issues?}\`.`,
    },
  });
  return madeDocument;
}

/** The OpenAPI 3.1 document of the public API, with its paths as served (under /api) on this origin. */
export function apiDocument(origin: string): OpenAPIObject {
  const document = baseDocument();
  return {
    ...document,
    servers: [{ url: origin }],
    paths: Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([path, item]) => [`/api${path}`, item]),
    ),
  };
}

const publicOperations = (): PublicOperation[] => (operations ??= publicOperationsOf(apiDocument("")));
