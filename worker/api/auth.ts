import { Hono } from "hono";
import { onboardingProfileSchema, signInSchema, signUpSchema } from "../../app/lib/schemas/auth";
import { clientIp, requireViewer } from "../auth/guards";
import { toCurrentUser } from "../domain/dealers";
import type { AppEnv } from "../http/types";
import type { Context } from "hono";
import { validate } from "./validate";

const origin = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  url: c.req.url,
  previousToken: c.var.sessionToken,
  cookieHeader: c.req.header("Cookie"),
});

const setCookies = (c: Context<AppEnv>, cookies: string[]) =>
  cookies.forEach((cookie) => c.header("Set-Cookie", cookie, { append: true }));

/** The signed-in answer of every auth call: the current user of the core spec plus `userId` and `role`. */
async function currentUserOf(c: Context<AppEnv>, accountId: string) {
  const viewer = await c.var.services.accounts.viewer(accountId);
  return toCurrentUser(viewer);
}

export const authRoutes = new Hono<AppEnv>()
  .post("/signup", validate("json", signUpSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, cookies } = await c.var.services.auth.signUp(email, password, origin(c));
    setCookies(c, cookies);
    return c.json({ message: "Account Created", user: await currentUserOf(c, account.id) }, 201);
  })
  .post("/login", validate("json", signInSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, cookies } = await c.var.services.auth.signIn(email, password, origin(c));
    setCookies(c, cookies);
    return c.json({ message: "Welcome back!", user: await currentUserOf(c, account.id) }, 200);
  })
  .post("/logout", async (c) => {
    const { cookie } = await c.var.services.auth.signOut(origin(c));
    c.header("Set-Cookie", cookie);
    return c.json({ message: "Signed out" }, 200);
  })
  .get("/status", (c) => c.json({ authenticated: c.var.session !== null }, 200))
  .get("/me", (c) => c.json(toCurrentUser(requireViewer(c)), 200))
  .post("/create-dummy", async (c) => {
    const { accountId, cookie } = await c.var.services.auth.createDemoDealer(origin(c));
    c.header("Set-Cookie", cookie);
    return c.json({ message: "Demo account created", user: await currentUserOf(c, accountId) }, 201);
  })
  .post("/complete-profile", validate("json", onboardingProfileSchema), async (c) => {
    const viewer = requireViewer(c);
    const dealer = await c.var.services.dealers.completeProfile(viewer.accountId, c.req.valid("json"));
    return c.json({ message: "Profile saved", user: toCurrentUser({ ...viewer, dealer }) }, 200);
  })
  .get("/google", (c) => {
    // Google sign-in arrives with its own issue; until a client id is configured, say so on /login.
    return c.redirect("/login?google=unavailable", 302);
  });
