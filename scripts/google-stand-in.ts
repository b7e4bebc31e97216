import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";

/**
 * A local stand-in for Google's OAuth endpoints, so Google sign-in can be walked offline: `npm start` and the
 * end-to-end tests both run it (nothing here reaches the internet). Its consent screen says what it is and takes
 * a name and an e-mail address; it sends the browser back with a code, and its token endpoint answers that code
 * with an ID token for that person (issuer, audience and expiry as Google sets them).
 */
const STAND_IN_CLIENT_ID = "dealerlane-local.apps.googleusercontent.com";
const STAND_IN_CLIENT_SECRET = "dealerlane-local-client-secret";

/** The people offered on the consent screen, as Google offers the accounts signed in to the browser. */
const SUGGESTED = [
  { name: "Sam Carter", email: "sam.carter@example.com" },
  { name: "Priya Patel", email: "priya.patel@example.com" },
] as const;

const b64url = (text: string) => Buffer.from(text).toString("base64url");

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function consentPage(params: URLSearchParams) {
  const hidden = ["redirect_uri", "state"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
    .join("");
  const suggested = SUGGESTED.map(
    (p) => `<form method="post" action="/choose">${hidden}
<input type="hidden" name="name" value="${escapeHtml(p.name)}"><input type="hidden" name="email" value="${escapeHtml(p.email)}">
<button type="submit" class="person"><strong>${escapeHtml(p.name)}</strong><span>${escapeHtml(p.email)}</span></button></form>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account - local Google stand-in</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 10px 30px #0002}
.banner{margin:0 0 1rem;padding:.75rem;border-radius:.5rem;background:#fef3c7;color:#78350f;font-size:.875rem}
h1{font-size:1.375rem;margin:.25rem 0 1rem}h2{font-size:1rem;margin:1.25rem 0 .5rem}
form{margin:0}label{display:block;margin-top:.75rem;font-size:.875rem;font-weight:600}
input:not([type=hidden]){box-sizing:border-box;width:100%;min-height:2.5rem;margin-top:.25rem;padding:.5rem;border:1px solid #94a3b8;border-radius:.375rem;font:inherit}
button{min-height:2.5rem;margin-top:1rem;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.person{display:flex;flex-direction:column;align-items:flex-start;width:100%;margin-top:.5rem;background:#fff;color:#0f172a;border:1px solid #cbd5e1;text-align:left}
.person span{font-weight:400;font-size:.875rem;color:#475569}
.cancel{background:transparent;color:#1d4ed8;padding-left:0}
</style></head>
<body><main>
<p class="banner" role="note"><strong>Local stand-in for Google.</strong> This page runs on your own machine in place of
Google's consent screen, so Google sign-in works offline. No Google account is used and nothing leaves this computer.</p>
<h1>Choose an account</h1>
<p>to continue to DealerLane</p>
${suggested}
<h2>Or use another account</h2>
<form method="post" action="/choose">${hidden}
<label for="name">Name</label><input id="name" name="name" autocomplete="name">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Continue</button></form>
<form method="post" action="/deny">${hidden}<button type="submit" class="cancel">Cancel</button></form>
</main></body></html>`;
}

async function formOf(request: IncomingMessage) {
  let text = "";
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

/** The ID token's claims for the person chosen, as Google's token endpoint would sign them. */
function idTokenFor(code: string) {
  const { name, email } = JSON.parse(Buffer.from(code, "base64url").toString()) as {
    name: string;
    email: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: "https://accounts.google.com",
    aud: STAND_IN_CLIENT_ID,
    sub: `stand-in-${b64url(email.toLowerCase())}`,
    email,
    email_verified: true,
    name,
    iat: now,
    exp: now + 600,
  };
  // The app reads this token straight from the token endpoint and does not check the signature (google.ts).
  return `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.c2ln`;
}

/** Starts the stand-in on a free port of 127.0.0.1; `vars` configure the app to sign in with it. */
export function startGoogleStandIn(): Promise<{
  url: string;
  server: Server;
  vars: Record<string, string>;
}> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === "/authorize") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(consentPage(url.searchParams));
    }
    if (request.method === "POST" && (url.pathname === "/choose" || url.pathname === "/deny")) {
      const form = await formOf(request);
      const back = new URL(form.get("redirect_uri") ?? "");
      back.searchParams.set("state", form.get("state") ?? "");
      if (url.pathname === "/deny") back.searchParams.set("error", "access_denied");
      else {
        const email = (form.get("email") ?? "").trim();
        const name = (form.get("name") ?? "").trim() || email;
        back.searchParams.set("code", b64url(JSON.stringify({ name, email })));
      }
      response.writeHead(302, { Location: back.toString() });
      return response.end();
    }
    if (request.method === "POST" && url.pathname === "/token") {
      const form = await formOf(request);
      let idToken: string;
      try {
        idToken = idTokenFor(form.get("code") ?? "");
      } catch {
        response.writeHead(400, { "Content-Type": "application/json" });
        return response.end(JSON.stringify({ error: "invalid_grant" }));
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      return response.end(
        JSON.stringify({
          access_token: "stand-in",
          token_type: "Bearer",
          expires_in: 3600,
          id_token: idToken,
        }),
      );
    }
    // The browser asks every page for an icon; the stand-in has none (and no error in the console for it).
    response.writeHead(url.pathname === "/favicon.ico" ? 204 : 404);
    response.end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      const url = `http://127.0.0.1:${port}`;
      resolve({
        url,
        server,
        vars: {
          GOOGLE_CLIENT_ID: STAND_IN_CLIENT_ID,
          GOOGLE_CLIENT_SECRET: STAND_IN_CLIENT_SECRET,
          GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
          GOOGLE_TOKEN_URL: `${url}/token`,
        },
      });
    }),
  );
}

/**
 * For `npm start` and `npm run dev`: the stand-in, unless .dev.vars configures real Google (then null, and the
 * app signs in with Google itself).
 */
export async function googleForLocalRun() {
  const devVars = path.resolve(import.meta.dirname, "..", ".dev.vars");
  const configured =
    existsSync(devVars) && /^\s*GOOGLE_CLIENT_ID\s*=\s*"?[^"\s]/m.test(readFileSync(devVars, "utf8"));
  return configured ? null : startGoogleStandIn();
}
