import { Hono } from "hono";
import type { AppEnv } from "../http/types";
import { authRoutes } from "./auth";

/** Everything under /api: one router per resource. */
export const api = new Hono<AppEnv>()
  .route("/auth", authRoutes)
  // Claim every other /api path here, so an unknown endpoint never falls through to the Remix pages.
  .all("*", (c) => c.json({ message: `No API endpoint at ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
