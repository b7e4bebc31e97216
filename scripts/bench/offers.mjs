/**
 * Offers benchmark section: how soon a counter-offer reaches the other dealer — from sending
 * POST /api/offers/{id}/counter to the 'offer' frame on the buyer's inbox socket, and to the push arriving,
 * decrypted, at the buyer's device on the local push service (bench.mjs starts it) — median of 50 counters.
 */
import { benchApi, openSocket, percentile, signUpBenchDealer } from "./bench-dealer.mjs";

export const title = "Offers";

const ROUNDS = 50;
const WARM_UP = 3;

const api = benchApi;

const openInbox = (baseUrl, cookie, dealerId) => openSocket(baseUrl, cookie, `dealer-inbox/${dealerId}`);

export async function run(ctx) {
  const { baseUrl } = ctx;
  const seller = await signUpBenchDealer(baseUrl, { label: "Seller", dealershipName: "Bench Offers Seller" });
  const buyer = await signUpBenchDealer(baseUrl, { label: "Buyer", dealershipName: "Bench Offers Buyer" });
  const post = await api(baseUrl, seller.cookie, "POST", "/api/inventory", {
    title: "2020 Ford F-150 XLT (bench)",
    type: "single",
    vehicles: [{ year: 2020, make: "Ford", model: "F-150", trim: "XLT", mileage: 40000, price: 32000 }],
  });
  const vehicleId = (await api(baseUrl, seller.cookie, "GET", `/api/inventory/${post.id}`)).vehicles[0].id;
  const device = ctx.pushService ? await ctx.pushService.subscribe() : null;
  if (device) await api(baseUrl, buyer.cookie, "POST", "/api/push/subscriptions", device);
  const inbox = await openInbox(baseUrl, buyer.cookie, buyer.id);
  const waiting = new Map();
  inbox.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === "offer" && frame.event === "countered") waiting.get(frame.offer.id)?.();
  };

  const latencies = [];
  const pushLatencies = [];
  for (let i = 0; i < ROUNDS + WARM_UP; i++) {
    const offer = await api(baseUrl, buyer.cookie, "POST", "/api/offers", { vehicleId, price: 28000 + i });
    const pushesBefore = ctx.pushService?.received.length ?? 0;
    const started = performance.now();
    await new Promise((resolve, reject) => {
      waiting.set(offer.id, resolve);
      api(baseUrl, seller.cookie, "POST", `/api/offers/${offer.id}/counter`, { price: 31000 }).catch(reject);
    });
    waiting.delete(offer.id);
    if (i >= WARM_UP) latencies.push(performance.now() - started);
    if (device) {
      const pushedAt = await pushArrival(ctx.pushService, pushesBefore, device.endpoint, offer.id);
      if (i >= WARM_UP && pushedAt !== null) pushLatencies.push(pushedAt - started);
    }
    // The buyer closes it, so the next round may offer on the same truck again.
    await api(baseUrl, buyer.cookie, "POST", `/api/offers/${offer.id}/decline`, {});
  }
  inbox.close();
  latencies.sort((x, y) => x - y);
  pushLatencies.sort((x, y) => x - y);
  const pushFigure = pushLatencies.length
    ? [
        {
          name: `counter → the other dealer's push endpoint (${ROUNDS} counters)`,
          median: percentile(pushLatencies, 50),
          p95: percentile(pushLatencies, 95),
          p99: percentile(pushLatencies, 99),
          note: `${pushLatencies.length}/${ROUNDS} pushes arrived decrypted; median ${percentile(pushLatencies, 50).toFixed(1)} ms`,
        },
      ]
    : [];
  return [
    {
      name: `counter → the other dealer's inbox socket (${ROUNDS} counters)`,
      median: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      note: `median ${percentile(latencies, 50).toFixed(1)} ms from sending the counter to the buyer's open tab having it`,
    },
    ...pushFigure,
  ];
}

/** When the push about `offerId` reached `endpoint` (performance.now() time), or null after 15 s. */
async function pushArrival(service, before, endpoint, offerId) {
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline) {
    const push = service.received
      .slice(before)
      .find((p) => p.endpoint === endpoint && JSON.stringify(p.payload).includes(offerId));
    if (push) return push.at;
    await new Promise((r) => setTimeout(r, 2));
  }
  return null;
}
