import { Hono } from "hono";
import type { AppEnv } from "../http/types";
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
export const api = new Hono<AppEnv>()
  .route("/account", accountRoutes)
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
