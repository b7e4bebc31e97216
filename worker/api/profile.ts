import { bodyLimit } from "hono/body-limit";
import { currentUserSchema } from "#lib/api-types";
import { PROFILE_BODY_MAX_BYTES, profilePatchSchema } from "#lib/schemas/profile";
import { dealersOnly, requireDealer } from "../auth/guards";
import { toCurrentUser } from "../domain/dealers";
import { currentUser } from "./auth";
import { dealerRoute, openApiRouter } from "./openapi";

/** PATCH /api/profile: the current user's fields plus avatar and dealershipPhoto as data URLs. */
export const profileRoutes = openApiRouter()
  /** The alias of GET /api/auth/me: the same handler. */
  .openapi(...currentUser("/"))
  /** 200 with the updated current user. */
  .openapi(
    dealerRoute.patch(
      "/",
      { 200: currentUserSchema },
      {
        body: profilePatchSchema,
        middleware: [
          dealersOnly,
          bodyLimit({
            maxSize: PROFILE_BODY_MAX_BYTES,
            onError: (c) => c.json({ message: "Profile photos are too large: maximum 2MB each" }, 413),
          }),
        ],
      },
    ),
    async (c) => {
      const viewer = requireDealer(c);
      const { avatar, dealershipPhoto, ...fields } = c.req.valid("json");
      const dealer = await c.var.services.profile.update(viewer.dealer, fields, { avatar, dealershipPhoto });
      return c.json(toCurrentUser({ ...viewer, dealer }), 200);
    },
  );
