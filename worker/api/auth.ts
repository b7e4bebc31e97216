import { Hono, type Context } from "hono";
import { createFactory } from "hono/factory";
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
import { validate } from "./validate";

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

/** GET /api/auth/me and its alias GET /api/profile, one handler: the signed-in account's current user. */
export const currentUser = createFactory<AppEnv>().createHandlers(viewersOnly, (c) =>
  c.json(toCurrentUser(requireViewer(c)), 200),
);

export const authRoutes = new Hono<AppEnv>()
  /** 201 with the new account's current user (no dealer profile yet), signed in. */
  .post("/signup", validate("json", signUpSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, cookies } = await c.var.services.auth.signUp(email, password, origin(c));
    setCookies(c, cookies);
    return c.json(await currentUserOf(c, account.id), 201);
  })
  .post("/login", validate("json", signInSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, cookies } = await c.var.services.auth.signIn(email, password, origin(c));
    setCookies(c, cookies);
    return c.json(await currentUserOf(c, account.id), 200);
  })
  .post("/logout", async (c) => {
    const { cookie } = await c.var.services.auth.signOut(origin(c));
    c.header("Set-Cookie", cookie);
    return c.body(null, 204);
  })
  .get("/status", (c) => c.json({ authenticated: c.var.session !== null }, 200))
  .get("/me", ...currentUser)
  .post("/create-dummy", async (c) => {
    const { accountId, cookie } = await c.var.services.auth.createDemoDealer(origin(c));
    c.header("Set-Cookie", cookie);
    return c.json(await currentUserOf(c, accountId), 201);
  })
  /** Onboarding step 1: 201 with the current user when it created the dealer profile, 200 when it updated it. */
  .post("/complete-profile", viewersOnly, validate("json", onboardingProfileSchema), async (c) => {
    const viewer = requireViewer(c);
    const dealer = await c.var.services.dealers.completeProfile(viewer.accountId, c.req.valid("json"));
    return c.json(toCurrentUser({ ...viewer, dealer }), viewer.dealer ? 200 : 201);
  })
  /** Same answer whether the e-mail names an account or not; the e-mail (if any) goes after it. */
  .post("/forgot-password", validate("json", forgotPasswordSchema), async (c) => {
    await c.var.services.auth.forgotPassword(c.req.valid("json").email, origin(c));
    return c.body(null, 204);
  })
  /** 200 with the current user, signed in; every other session of the account has ended. */
  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const { accountId, cookies } = await c.var.services.auth.resetPassword(token, password, origin(c));
    setCookies(c, cookies);
    return c.json(await currentUserOf(c, accountId), 200);
  })
  /** Same answer whether the e-mail names an account or not, limited like /forgot-password (one budget). */
  .post("/email-sign-in-link", validate("json", emailSignInLinkSchema), async (c) => {
    await c.var.services.auth.emailSignInLink(c.req.valid("json").email, origin(c));
    return c.body(null, 204);
  })
  /** 200 with the current user, signed in, even while wrong passwords hold this account's sign-in back. */
  .post("/sign-in-with-link", validate("json", signInWithLinkSchema), async (c) => {
    const { accountId, cookies } = await c.var.services.auth.signInWithLink(
      c.req.valid("json").token,
      origin(c),
    );
    setCookies(c, cookies);
    return c.json(await currentUserOf(c, accountId), 200);
  })
  /** Works in any browser (the link may open on a phone): answers the confirmed account's address. */
  .post("/verify-email", validate("json", verifyEmailSchema), async (c) => {
    const accountId = await c.var.services.auth.verifyEmail(c.req.valid("json").token, origin(c));
    const viewer = await c.var.services.accounts.viewer(accountId);
    return c.json({ email: viewer.email, emailVerified: viewer.emailVerified }, 200);
  })
  .post("/resend-verification", viewersOnly, async (c) => {
    await c.var.services.auth.resendConfirmation(requireViewer(c).accountId);
    return c.body(null, 204);
  })
  /** Browser navigation: to Google, or back to /login when it is not configured. */
  .get("/google", validate("query", googleStartQuery), (c) => {
    const { location, cookies } = c.var.services.google.start(c.req.url, c.req.valid("query").redirectTo);
    setCookies(c, cookies);
    return c.redirect(location, 302);
  })
  .get("/google/callback", async (c) => {
    const params = new URL(c.req.url).searchParams;
    const { location, cookies } = await c.var.services.google.finish(params, origin(c));
    setCookies(c, cookies);
    return c.redirect(location, 302);
  });
