/** What the bench sections share: a fresh signed-up dealer, and percentiles of sorted samples. */

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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

/** A signed-in JSON call of a bench dealer; throws on a failure, answers the body. */
export async function benchApi(baseUrl, cookie, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: cookie },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res.json();
}
