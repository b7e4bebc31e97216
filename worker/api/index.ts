import { API_KEY_MARK, API_KEY_RATE } from "#lib/api-keys";
import type { OpenAPIObject, PathItemObject } from "openapi3-ts/oas31";
import { z } from "zod";
import { SESSION_COOKIE } from "../auth/cookies";
import { apiKeyAuth } from "../http/api-key-auth";
import { apiKeyRoutes } from "./api-keys";
import {
  anyoneRoute,
  BEARER_SCHEME,
  INTERNAL,
  openApiRouter,
  publicOperationsOf,
  SESSION_SCHEME,
  type PublicOperation,
} from "./openapi";
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
import { adminDisputeRoutes, dealDisputeRoutes } from "./disputes";
import { healthRoutes } from "./health";
import { inventoryRoutes } from "./inventory";
import { inventoryImportRoutes } from "./inventory-imports";
import { objectApiRoutes } from "./objects";
import { vinRoutes } from "./vin";
import { messageRoutes } from "./messages";
import { notificationRoutes } from "./notifications";
import { offerRoutes } from "./offers";
import { profileRoutes } from "./profile";
import { pushRoutes } from "./push";
import { settingsRoutes } from "./settings";
import { subscriptionRoutes } from "./subscriptions";
import { verificationRoutes } from "./verification";

/** Everything under /api: one router per resource. */
export const api = openApiRouter(apiKeyAuth(() => keyOperations()));

api
  .openapi(anyoneRoute.get("/openapi.json", { 200: z.looseObject({ openapi: z.literal("3.1.0") }) }), (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(apiDocument(new URL(c.req.url).origin), 200);
  })
  .route("/account", accountRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/activity", activityRoutes)
  .route("/admin/news", adminNewsRoutes)
  .route("/admin/disputes", adminDisputeRoutes)
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
  .route("/inventory", inventoryImportRoutes)
  .route("/inventory", inventoryRoutes)
  .route("/objects", objectApiRoutes)
  .route("/vin", vinRoutes)
  .route("/notifications", notificationRoutes)
  .route("/push", pushRoutes)
  .route("/", subscriptionRoutes)
  .route("/deals", dealRoutes)
  .route("/deals", dealDisputeRoutes)
  .route("/offers", offerRoutes)
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

api.openAPIRegistry.registerComponent("securitySchemes", SESSION_SCHEME, {
  type: "apiKey",
  in: "cookie",
  name: SESSION_COOKIE,
  description: "The session cookie of our own screens; the scope names the role a route needs.",
});

let madeDocument: OpenAPIObject | undefined;
let publicDocument: OpenAPIObject | undefined;
let operations: PublicOperation[] | undefined;

/**
 * Every operation under /api, made once per isolate from the routers' declarations: the public ones and the
 * screens' own (marked internal). The contract tests and the browser's typed client read this one.
 */
export function fullApiDocument(): OpenAPIObject {
  madeDocument ??= underApi(
    api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "DealerLane API",
        version: "1.0.0",
        description: `The DealerLane dealer network for your own systems: the dealer directory, connections, messages, deals and the inventory feed. Every call needs an API key (bearer) and is limited to ${API_KEY_RATE.perMinute} requests a minute per key (${API_KEY_RATE.burst} in ${API_KEY_RATE.burstSeconds} seconds). Lists are JSON arrays paged by the \`X-Next-Cursor\` header; times are ISO 8601; errors are \`{message, issues?}\`.`,
      },
    }),
  );
  return madeDocument;
}

/** The paths as served: under /api. */
const underApi = (document: OpenAPIObject): OpenAPIObject => ({
  ...document,
  paths: Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [`/api${path}`, item]),
  ),
});

/** The OpenAPI 3.1 document of the public API (what an API key can call), on this origin. */
export function apiDocument(origin: string): OpenAPIObject {
  publicDocument ??= publicPart(fullApiDocument());
  return { ...publicDocument, servers: [{ url: origin }] };
}

/** The document without the internal operations and the session's scheme. */
function publicPart(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, PathItemObject]) => {
    const kept = Object.entries(item).filter(([, operation]) => !operation[INTERNAL]);
    return kept.length ? [[path, Object.fromEntries(kept)]] : [];
  });
  const { [SESSION_SCHEME]: _session, ...securitySchemes } = document.components?.securitySchemes ?? {};
  return {
    ...document,
    paths: Object.fromEntries(paths),
    components: { ...document.components, securitySchemes },
  };
}

/**
 * What a key may call, read from the routers' declarations rather than from the document: making the document
 * (every route's schemas as JSON Schema, ~50 ms) on an isolate's first /api request, for a method, a path and
 * a scope per operation, would tax every cold start.
 */
export const keyOperations = (): PublicOperation[] => {
  if (operations) return operations;
  const paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> = {};
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== "route" || (definition.route as Record<string, unknown>)[INTERNAL]) continue;
    const { method, path, security } = definition.route;
    (paths[`/api${path}`] ??= {})[method] = { security };
  }
  return (operations = publicOperationsOf({ paths }));
};
