import type { Context } from "hono";
import { apiErrorSchema, authStatusSchema, currentUserSchema, emailConfirmedSchema } from "#lib/api-types";
import {
  emailSignInLinkSchema,
  forgotPasswordSchema,
  googleStartQuery,
  resetPasswordSchema,
  signInWithLinkSchema,
  verifyEmailSchema,
} from "#lib/schemas/account";
import { onboardingProfileSchema, signInSchema, signUpSchema } from "#lib/schemas/auth";
import { clientIp, requireViewer, viewersOnly } from "../auth/guards";
import { toCurrentUser } from "../domain/dealers";
import { clientInfo } from "../http/client-info";
import type { AppEnv } from "../http/types";
import { anyoneRoute, openApiRouter, signedInRoute } from "./openapi";

const origin = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  url: c.req.url,
  previousToken: c.var.sessionToken,
  cookieHeader: c.req.header("Cookie"),
  ...clientInfo(c.req.raw),
});

const setCookies = (c: Context<AppEnv>, cookies: string[]) =>
  cookies.forEach((cookie) => c.header("Set-Cookie", cookie, { append: true }));

/** The signed-in answer of every auth call: the current user plus `userId` and `role`. */
async function currentUserOf(c: Context<AppEnv>, accountId: string) {
  const viewer = await c.var.services.accounts.viewer(accountId);
  return toCurrentUser(viewer);
}

/** GET /api/auth/me and its alias GET /api/profile, one operation: the signed-in account's current user. */
export const currentUser = (path: string) =>
  [
    signedInRoute.get(path, { 200: currentUserSchema }, { middleware: [viewersOnly] }),
    (c: Context<AppEnv>) => c.json(toCurrentUser(requireViewer(c)), 200),
  ] as const;

export const authRoutes = openApiRouter()
  /** 201 with the new account's current user (no dealer profile yet), signed in. */
  .openapi(anyoneRoute.post("/signup", { 201: currentUserSchema }, { body: signUpSchema }), async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, cookies } = await c.var.services.auth.signUp(email, password, origin(c));
    setCookies(c, cookies);
    return c.json(await currentUserOf(c, account.id), 201);
  })
  .openapi(anyoneRoute.post("/login", { 200: currentUserSchema }, { body: signInSchema }), async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, cookies } = await c.var.services.auth.signIn(email, password, origin(c));
    setCookies(c, cookies);
    return c.json(await currentUserOf(c, account.id), 200);
  })
  .openapi(anyoneRoute.post("/logout", { 204: null }), async (c) => {
    const { cookie } = await c.var.services.auth.signOut(origin(c));
    c.header("Set-Cookie", cookie);
    return c.body(null, 204);
  })
  .openapi(anyoneRoute.get("/status", { 200: authStatusSchema }), (c) =>
    c.json({ authenticated: c.var.session !== null }, 200),
  )
  .openapi(...currentUser("/me"))
  .openapi(anyoneRoute.post("/create-dummy", { 201: currentUserSchema }), async (c) => {
    const { accountId, cookie } = await c.var.services.auth.createDemoDealer(origin(c));
    c.header("Set-Cookie", cookie);
    return c.json(await currentUserOf(c, accountId), 201);
  })
  /** Onboarding step 1: 201 with the current user when it created the dealer profile, 200 when it updated it. */
  .openapi(
    signedInRoute.post(
      "/complete-profile",
      { 201: currentUserSchema, 200: currentUserSchema },
      { body: onboardingProfileSchema, middleware: [viewersOnly] },
    ),
    async (c) => {
      const viewer = requireViewer(c);
      const dealer = await c.var.services.dealers.completeProfile(viewer.accountId, c.req.valid("json"));
      return c.json(toCurrentUser({ ...viewer, dealer }), viewer.dealer ? 200 : 201);
    },
  )
  /** Same answer whether the e-mail names an account or not; the e-mail (if any) goes after it. */
  .openapi(
    anyoneRoute.post("/forgot-password", { 204: null, 429: apiErrorSchema }, { body: forgotPasswordSchema }),
    async (c) => {
      await c.var.services.auth.forgotPassword(c.req.valid("json").email, origin(c));
      return c.body(null, 204);
    },
  )
  /** 200 with the current user, signed in; every other session of the account has ended. */
  .openapi(
    anyoneRoute.post(
      "/reset-password",
      { 200: currentUserSchema, 400: apiErrorSchema, 410: apiErrorSchema },
      { body: resetPasswordSchema },
    ),
    async (c) => {
      const { token, password } = c.req.valid("json");
      const { accountId, cookies } = await c.var.services.auth.resetPassword(token, password, origin(c));
      setCookies(c, cookies);
      return c.json(await currentUserOf(c, accountId), 200);
    },
  )
  /** Same answer whether the e-mail names an account or not, limited like /forgot-password (one budget). */
  .openapi(
    anyoneRoute.post(
      "/email-sign-in-link",
      { 204: null, 429: apiErrorSchema },
      { body: emailSignInLinkSchema },
    ),
    async (c) => {
      await c.var.services.auth.emailSignInLink(c.req.valid("json").email, origin(c));
      return c.body(null, 204);
    },
  )
  /** 200 with the current user, signed in, even while wrong passwords hold this account's sign-in back. */
  .openapi(
    anyoneRoute.post(
      "/sign-in-with-link",
      {
        200: currentUserSchema,
        400: apiErrorSchema,
        403: apiErrorSchema,
        410: apiErrorSchema,
        429: apiErrorSchema,
      },
      { body: signInWithLinkSchema },
    ),
    async (c) => {
      const { accountId, cookies } = await c.var.services.auth.signInWithLink(
        c.req.valid("json").token,
        origin(c),
      );
      setCookies(c, cookies);
      return c.json(await currentUserOf(c, accountId), 200);
    },
  )
  /** Works in any browser (the link may open on a phone): answers the confirmed account's address. */
  .openapi(
    anyoneRoute.post(
      "/verify-email",
      { 200: emailConfirmedSchema, 400: apiErrorSchema, 410: apiErrorSchema },
      { body: verifyEmailSchema },
    ),
    async (c) => {
      const accountId = await c.var.services.auth.verifyEmail(c.req.valid("json").token, origin(c));
      const viewer = await c.var.services.accounts.viewer(accountId);
      return c.json({ email: viewer.email, emailVerified: viewer.emailVerified }, 200);
    },
  )
  .openapi(
    signedInRoute.post(
      "/resend-verification",
      { 204: null, 409: apiErrorSchema },
      { middleware: [viewersOnly] },
    ),
    async (c) => {
      await c.var.services.auth.resendConfirmation(requireViewer(c).accountId);
      return c.body(null, 204);
    },
  )
  /** Browser navigation: to Google, or back to /login when it is not configured. */
  .openapi(anyoneRoute.get("/google", { 302: null }, { query: googleStartQuery }), (c) => {
    const { location, cookies } = c.var.services.google.start(c.req.url, c.req.valid("query").redirectTo);
    setCookies(c, cookies);
    return c.redirect(location, 302);
  })
  .openapi(anyoneRoute.get("/google/callback", { 302: null }), async (c) => {
    const params = new URL(c.req.url).searchParams;
    const { location, cookies } = await c.var.services.google.finish(params, origin(c));
    setCookies(c, cookies);
    return c.redirect(location, 302);
  });
