import {
  CodeChallengeMethod,
  OAuth2Client,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
} from "arctic";
import { serializeCookie } from "#lib/cookies";
import { safeRedirect } from "#lib/redirects";
import type { accountService } from "../domain/accounts";
import type { demoService } from "../domain/demo";
import { DomainError } from "../domain/shared/errors";
import { readCookie } from "./cookies";
import type { RequestOrigin, authFlows } from "./flows";

/**
 * Google sign-in (arctic, PKCE). GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET configure it;
 * GOOGLE_AUTHORIZATION_URL and GOOGLE_TOKEN_URL point it at a local fake provider in tests (README
 * "Configuration"), so it is built on arctic's OAuth2Client with the endpoints as arguments.
 */
export type GoogleEnv = {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTHORIZATION_URL?: string;
  GOOGLE_TOKEN_URL?: string;
};

const AUTHORIZATION_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const TOKEN_URL = "https://oauth2.googleapis.com/token";
const ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const SCOPES = ["openid", "email", "profile"];

const GOOGLE_STATE_COOKIE = "dl_google_state";
const GOOGLE_VERIFIER_COOKIE = "dl_google_verifier";
const GOOGLE_REDIRECT_COOKIE = "dl_google_redirect";
/** Ten minutes to choose an account on Google's page. */
const FLOW_SECONDS = 10 * 60;

/** Why a Google sign-in ended on /login: `?google={reason}`, which the page turns into a toast. */
type GoogleFailure =
  | "unavailable"
  | "denied"
  | "state"
  | "expired"
  | "failed"
  | "unverified"
  | "link-unverified"
  | "link-refused"
  | "suspended";

/** The path kept for after the sign-in; a cookie that does not decode keeps none. */
function returnPathOf(cookieHeader: string | null | undefined): string | undefined {
  try {
    return decodeURIComponent(readCookie(cookieHeader ?? null, GOOGLE_REDIRECT_COOKIE) ?? "");
  } catch {
    return undefined;
  }
}

type Claims = {
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
};

/**
 * The claims of the ID token that came straight from the token endpoint (over TLS, for our client secret: OIDC
 * Core 3.1.3.7 lets that stand in for the signature, which decodeIdToken does not check). Issuer, audience and
 * expiry are checked here.
 */
function identityOf(idToken: string, clientId: string, now: number) {
  const claims = decodeIdToken(idToken) as Claims;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (typeof claims.iss !== "string" || !ISSUERS.includes(claims.iss)) return null;
  if (!audience.includes(clientId)) return null;
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) return null;
  if (typeof claims.sub !== "string" || !claims.sub || typeof claims.email !== "string") return null;
  return {
    subject: claims.sub,
    email: claims.email.trim().toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
  };
}

type Deps = {
  env: GoogleEnv;
  accounts: ReturnType<typeof accountService>;
  demo: ReturnType<typeof demoService>;
  auth: ReturnType<typeof authFlows>;
  /** The site's own address: the callback Google sends the dealer back to. */
  siteOrigin: string;
};

type GoogleOutcome = { location: string; cookies: string[] };

export function googleSignIn({ env, accounts, demo, auth, siteOrigin }: Deps) {
  const clientId = env.GOOGLE_CLIENT_ID ?? "";
  const configured = Boolean(clientId && env.GOOGLE_CLIENT_SECRET);
  const client = () =>
    new OAuth2Client(clientId, env.GOOGLE_CLIENT_SECRET ?? "", `${siteOrigin}/api/auth/google/callback`);
  const clear = (url: string) =>
    [GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE, GOOGLE_REDIRECT_COOKIE].map((name) =>
      serializeCookie(name, "", url, 0),
    );
  const failure = (reason: GoogleFailure, url: string): GoogleOutcome => ({
    location: `/login?google=${reason}`,
    cookies: clear(url),
  });

  /** The account a verified Google identity signs in to: its own, a linked one, or a new one. */
  async function accountFor(identity: NonNullable<ReturnType<typeof identityOf>>) {
    const known = await accounts.byGoogleSubject(identity.subject);
    if (known) return { id: known.id, email: known.email, linked: false };
    const existing = await accounts.byEmail(identity.email);
    if (existing) {
      // A suspended account is not changed by a sign-in it refuses.
      if (existing.suspendedAt !== null) return "suspended";
      // Linking hands the account to whoever controls the Google address: only to a confirmed address.
      if (existing.emailVerifiedAt === null) return "link-unverified";
      const demoAccount = existing.demoExpiresAt !== null || (await demo.isDemoAccount(existing.id));
      if (demoAccount || existing.googleSubject) return "link-refused";
      await accounts.linkGoogle(existing.id, identity.subject);
      return { id: existing.id, email: existing.email, linked: true };
    }
    const created = await accounts.createFromGoogle(identity.email, identity.subject);
    return { id: created.id, email: created.email, linked: false };
  }

  return {
    configured,

    /** The redirect to Google, with the state and PKCE verifier kept in short-lived HttpOnly cookies. */
    start(requestUrl: string, redirectTo: string | undefined): GoogleOutcome {
      if (!configured) return failure("unavailable", requestUrl);
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = client().createAuthorizationURLWithPKCE(
        env.GOOGLE_AUTHORIZATION_URL || AUTHORIZATION_URL,
        state,
        CodeChallengeMethod.S256,
        verifier,
        SCOPES,
      );
      url.searchParams.set("prompt", "select_account");
      return {
        location: url.toString(),
        cookies: [
          serializeCookie(GOOGLE_STATE_COOKIE, state, requestUrl, FLOW_SECONDS),
          serializeCookie(GOOGLE_VERIFIER_COOKIE, verifier, requestUrl, FLOW_SECONDS),
          serializeCookie(
            GOOGLE_REDIRECT_COOKIE,
            encodeURIComponent(safeRedirect(redirectTo)),
            requestUrl,
            FLOW_SECONDS,
          ),
        ],
      };
    },

    /** Google's answer: every failure lands on /login with its reason, never a 500. */
    async finish(params: URLSearchParams, from: RequestOrigin): Promise<GoogleOutcome> {
      if (!configured) return failure("unavailable", from.url);
      if (params.get("error")) return failure("denied", from.url);
      const state = readCookie(from.cookieHeader ?? null, GOOGLE_STATE_COOKIE);
      const verifier = readCookie(from.cookieHeader ?? null, GOOGLE_VERIFIER_COOKIE);
      const code = params.get("code");
      if (!state && !verifier) return failure("expired", from.url);
      if (!state || !code || params.get("state") !== state) return failure("state", from.url);
      if (!verifier) return failure("expired", from.url);
      let identity: ReturnType<typeof identityOf>;
      try {
        const tokens = await client().validateAuthorizationCode(
          env.GOOGLE_TOKEN_URL || TOKEN_URL,
          code,
          verifier,
        );
        identity = identityOf(tokens.idToken(), clientId, Date.now());
      } catch (error) {
        console.error("Google sign-in: the code exchange failed", error);
        return failure("failed", from.url);
      }
      if (!identity) return failure("failed", from.url);
      if (!identity.emailVerified) return failure("unverified", from.url);
      let account: Awaited<ReturnType<typeof accountFor>>;
      try {
        account = await accountFor(identity);
      } catch (error) {
        if (error instanceof DomainError) return failure("failed", from.url);
        throw error;
      }
      if (typeof account === "string") return failure(account, from.url);
      let cookies: string[];
      try {
        cookies = await auth.signInWithGoogle(account.id, account.email, account.linked, from);
      } catch (error) {
        // The only refusal left once the account is known: it is suspended (accounts.assertNotSuspended).
        if (error instanceof DomainError && error.status === 403) return failure("suspended", from.url);
        throw error;
      }
      const viewer = await accounts.viewer(account.id);
      return {
        location: viewer.dealer ? safeRedirect(returnPathOf(from.cookieHeader)) : "/onboarding",
        cookies: [...clear(from.url), ...cookies],
      };
    },
  };
}
