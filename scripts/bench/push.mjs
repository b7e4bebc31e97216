/**
 * Web Push benchmark section: from a notification (the test deal alert of Notification Settings) to the push
 * arriving, decrypted, at a local push service (scripts/push-service-stand-in.ts), which the app reaches through
 * WEB_PUSH_RELAY. The path measured is the real one: the notification stored, its push queued in the outbox,
 * the OutboxCourier's alarm, VAPID signing, aes128gcm encryption, the push service's answer.
 */
import { createServer } from "node:http";
import { localPushService } from "../push-service-stand-in.ts";
import { percentile, signUpBenchDealer } from "./bench-dealer.mjs";

export const title = "Web Push";

const WARM_UP = 3;
/** The test deal alert is limited to 5 an hour per dealer (worker/domain/rate-limits/index.ts). */
const ALERTS_PER_DEALER = 5;
const PUSH_ORIGIN = "https://push.bench.test";

/** A push service on this machine, for `serve({ vars: { WEB_PUSH_RELAY: url } })`; `stop()` ends it. */
export async function startLocalPushService() {
  const service = localPushService(PUSH_ORIGIN);
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
        body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
      });
      const response = await service.receive(request).catch(() => new Response(null, { status: 500 }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { service, url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

export async function run(ctx) {
  const { baseUrl, pushService } = ctx;
  if (!pushService) throw new Error("no local push service (bench.mjs starts one)");
  const count = Number(process.env.BENCH_PUSH_COUNT || 50);
  const runId = Date.now().toString(36);
  const dealers = [];
  for (let i = 0; i < Math.ceil((count + WARM_UP) / ALERTS_PER_DEALER); i++) {
    const dealer = await signUpBenchDealer(baseUrl, {
      label: `push-${runId}-${i}`,
      firstName: "Push",
      dealershipName: `Bench Push ${i}`,
    });
    const subscription = await pushService.subscribe();
    const res = await fetch(`${baseUrl}/api/push/subscriptions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: dealer.cookie },
      body: JSON.stringify(subscription),
    });
    if (res.status !== 201)
      throw new Error(`POST /api/push/subscriptions → ${res.status} ${await res.text()}`);
    dealers.push({ ...dealer, endpoint: subscription.endpoint });
  }
  const samples = [];
  let missed = 0;
  for (let i = 0; i < count + WARM_UP; i++) {
    const dealer = dealers[Math.floor(i / ALERTS_PER_DEALER)];
    const before = pushService.received.length;
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/notifications/trigger-deal-alert`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: dealer.cookie },
      body: JSON.stringify({
        userEmail: "bench@example.com",
        vehicleData: { vehicleInfo: `2020 Ford F-150 XLT (${runId}-${i})`, price: "$31,900" },
      }),
    });
    if (res.status !== 202) throw new Error(`trigger-deal-alert → ${res.status} ${await res.text()}`);
    const deadline = performance.now() + 15_000;
    let arrived = null;
    while (arrived === null && performance.now() < deadline) {
      const push = pushService.received
        .slice(before)
        .find((p) => p.endpoint === dealer.endpoint && String(p.payload.title).includes(`${runId}-${i}`));
      if (push) arrived = push.at;
      else await new Promise((r) => setTimeout(r, 2));
    }
    if (i < WARM_UP) continue;
    if (arrived === null) missed += 1;
    else samples.push(arrived - started);
  }
  const s = samples.length ? summary(samples) : { median: NaN, p95: NaN, p99: NaN };
  return [
    {
      name: "notification → push endpoint received (decrypted)",
      ...s,
      note: `${samples.length}/${count} pushes arrived${missed ? `, ${missed} did not within 15 s` : ""}; median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`,
    },
  ];
}
