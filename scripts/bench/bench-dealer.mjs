/** What the bench sections share: a fresh signed-up dealer, its API calls and sockets, and percentiles. */

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Median, p95, p99, mean and min (ms, to 0.01) of unsorted samples; NaN where there are none. */
export function stats(samples) {
  const sorted = samples.toSorted((a, b) => a - b);
  const round = (x) => (sorted.length ? Math.round(x * 100) / 100 : NaN);
  return {
    n: sorted.length,
    min: round(sorted[0]),
    median: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((s, x) => s + x, 0) / sorted.length),
  };
}

/** D1 round trips (all, and those the request waited for one after another) from a Server-Timing header. */
export function d1TripsOf(header) {
  const total = /(?:^|,\s*)d1;desc="(\d+)"/.exec(header ?? "");
  const sequential = /d1-seq;desc="(\d+)"/.exec(header ?? "");
  return total && sequential ? { total: Number(total[1]), sequential: Number(sequential[1]) } : null;
}

/** A signed-in JSON call that must succeed; the response. */
export async function call(baseUrl, cookie, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res;
}

/** A signed-in socket to a Durable Object (`/parties/…`), once it is open. */
export function openSocket(baseUrl, cookie, party) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/parties/${party}`, {
    headers: { Cookie: cookie, Origin: baseUrl },
  });
  return new Promise((resolve, reject) => {
    ws.onopen = () => resolve(ws);
    ws.onerror = () => reject(new Error(`socket to ${party} failed`));
  });
}

/** Ids of `count` dealers of the bench network besides `exclude` (the dealer list, paged by cursor). */
export async function otherDealers(baseUrl, cookie, count, exclude = []) {
  const found = [];
  let cursor = "";
  do {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const res = await call(baseUrl, cookie, "GET", `/api/dealers?limit=50${query}`);
    for (const d of await res.json()) if (!exclude.includes(d.id)) found.push(d.id);
    cursor = res.headers.get("X-Next-Cursor") ?? "";
  } while (cursor && found.length < count);
  if (found.length < count)
    throw new Error(`only ${found.length} dealers to write to; the bench network needs ${count}`);
  return found.slice(0, count);
}

let signUps = 0;

/**
 * Signs a new dealer up and completes their profile; `{cookie, id}`. Each sign-up comes from an address of its
 * own, which keeps the sign-up limit per address out of the way where the runtime honours it.
 */
export async function signUpBenchDealer(baseUrl, { label, firstName = "Bench", dealershipName }) {
  signUps += 1;
  const email = `bench-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const headers = {
    "Content-Type": "application/json",
    Origin: baseUrl,
    "CF-Connecting-IP": `198.51.100.${10 + (signUps % 240)}`,
  };
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "bench-password-1" }),
  });
  if (res.status !== 201) throw new Error(`bench sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("dl_session="))
    .split(";")[0];
  const profile = await fetch(`${baseUrl}/api/auth/complete-profile`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({
      firstName,
      lastName: label,
      email,
      phone: "(214) 555-0100",
      address: "1 Bench St",
      city: "Dallas",
      state: "TX",
      zipCode: "75201",
      dealershipName,
      dealershipType: "wholesaler",
      auctionAccessNumber: "100000000",
      dealership5MilNumber: "5M-0",
    }),
  });
  if (profile.status !== 201)
    throw new Error(`bench profile failed: ${profile.status} ${await profile.text()}`);
  return { cookie, id: (await profile.json()).id };
}

/** A signed-in JSON call that must succeed; its body. */
export const benchApi = async (...args) => (await call(...args)).json();
