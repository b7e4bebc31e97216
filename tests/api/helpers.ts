import { SELF } from "cloudflare:test";

export const ORIGIN = "http://localhost:8787";

type Call = { body?: unknown; cookie?: string; headers?: Record<string, string>; rawBody?: string };

/** A same-origin JSON call against the whole worker, as the browser makes it. */
export async function call(method: string, path: string, { body, cookie, headers = {}, rawBody }: Call = {}) {
  const init: RequestInit = { method, headers: { Origin: ORIGIN, ...headers } };
  const h = init.headers as Record<string, string>;
  if (cookie) h.Cookie = cookie;
  if (rawBody !== undefined || body !== undefined) {
    h["Content-Type"] = "application/json";
    init.body = rawBody ?? JSON.stringify(body);
  }
  const response = await SELF.fetch(`${ORIGIN}${path}`, init);
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: json as Record<string, unknown> & Record<string, never>,
  };
}

/** The `name=value` part of a response's session cookie, ready to send back. */
export function sessionCookieOf(headers: Headers): string {
  const setCookie = headers.getSetCookie().find((c) => c.startsWith("dl_session="));
  if (!setCookie) throw new Error("No session cookie set");
  return setCookie.split(";")[0] ?? "";
}

let counter = 0;
/** Each call gets a fresh IP so rate limits of one test never leak into another. */
export function freshIp() {
  counter += 1;
  return `203.0.113.${counter % 250}`;
}

export const VALID_PROFILE = {
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@whitfield-motors.example",
  phone: "(512) 555-0142",
  address: "4100 Lamar Blvd",
  city: "Austin",
  state: "TX",
  zipCode: "78756",
  country: "US",
  dealershipName: "Whitfield Motors",
  dealershipType: "independent",
  auctionAccessNumber: "100234567",
  dealership5MilNumber: "5M-448812",
};

/** Signs up a new account and completes its dealer profile; answers the cookie and the dealer id. */
export async function signUpDealer(
  email = `dealer-${crypto.randomUUID()}@example.com`,
  password = "correct-horse-1",
) {
  const ip = freshIp();
  const signup = await call("POST", "/api/auth/signup", {
    body: { email, password },
    headers: { "CF-Connecting-IP": ip },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const cookie = sessionCookieOf(signup.headers);
  const profile = await call("POST", "/api/auth/complete-profile", {
    cookie,
    body: { ...VALID_PROFILE, email },
  });
  if (profile.status !== 201) throw new Error(`profile failed: ${profile.status} ${profile.text}`);
  return { cookie, email, password, dealerId: (profile.json as unknown as { id: string }).id };
}
