import { createServer, type Server } from "node:http";

/**
 * A local stand-in for Google's OAuth endpoints, for the journeys (no test reaches the internet): the
 * authorization page is an account chooser that sends the browser back with a code, and the token endpoint
 * answers that code with an ID token for the chosen address (issuer, audience and expiry as Google sets them).
 */
export const FAKE_GOOGLE_CLIENT_ID = "dealerlane-e2e.apps.googleusercontent.com";

const b64url = (text: string) => Buffer.from(text).toString("base64url");

function page(params: URLSearchParams) {
  const hidden = ["redirect_uri", "state"]
    .map((name) => `<input type="hidden" name="${name}" value="${params.get(name) ?? ""}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Choose an account - Google (fake)</title></head>
<body><main><h1>Choose an account</h1>
<form method="post" action="/choose">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email">
<button type="submit">Continue</button></form>
<form method="post" action="/deny">${hidden}<button type="submit">Cancel</button></form></main></body></html>`;
}

async function bodyOf(request: import("node:http").IncomingMessage) {
  let text = "";
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

export function startFakeGoogle(): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === "/authorize") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(page(url.searchParams));
    }
    if (request.method === "POST" && (url.pathname === "/choose" || url.pathname === "/deny")) {
      const form = await bodyOf(request);
      const back = new URL(form.get("redirect_uri") ?? "");
      back.searchParams.set("state", form.get("state") ?? "");
      if (url.pathname === "/deny") back.searchParams.set("error", "access_denied");
      else back.searchParams.set("code", b64url(form.get("email") ?? ""));
      response.writeHead(302, { Location: back.toString() });
      return response.end();
    }
    if (request.method === "POST" && url.pathname === "/token") {
      const form = await bodyOf(request);
      const email = Buffer.from(form.get("code") ?? "", "base64url").toString();
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: "https://accounts.google.com",
        aud: FAKE_GOOGLE_CLIENT_ID,
        sub: `fake-${b64url(email)}`,
        email,
        email_verified: true,
        iat: now,
        exp: now + 600,
      };
      const idToken = `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.c2ln`;
      response.writeHead(200, { "Content-Type": "application/json" });
      return response.end(
        JSON.stringify({ access_token: "fake", token_type: "Bearer", expires_in: 3600, id_token: idToken }),
      );
    }
    response.writeHead(404);
    response.end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, server });
    }),
  );
}
