import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PROFILE_BODY_MAX_BYTES, profilePatchSchema } from "#lib/schemas/profile";
import { dealersOnly, requireDealer } from "../auth/guards";
import { toCurrentUser } from "../domain/dealers";
import type { AppEnv } from "../http/types";
import { currentUser } from "./auth";
import { validate } from "./validate";

/** PATCH /api/profile: the current user's fields plus avatar and dealershipPhoto as data URLs. */
export const profileRoutes = new Hono<AppEnv>()
  /** The alias of GET /api/auth/me: the same handler. */
  .get("/", ...currentUser)
  /** 200 with the updated current user. */
  .patch(
    "/",
    dealersOnly,
    bodyLimit({
      maxSize: PROFILE_BODY_MAX_BYTES,
      onError: (c) => c.json({ message: "Profile photos are too large: maximum 2MB each" }, 413),
    }),
    validate("json", profilePatchSchema),
    async (c) => {
      const viewer = requireDealer(c);
      const { avatar, dealershipPhoto, ...fields } = c.req.valid("json");
      const dealer = await c.var.services.profile.update(viewer.dealer, fields, { avatar, dealershipPhoto });
      return c.json(toCurrentUser({ ...viewer, dealer }), 200);
    },
  );
