/**
 * Offers benchmark section: how soon a counter-offer reaches the other dealer's screen — from sending
 * POST /api/offers/{id}/counter to the 'offer' frame on the buyer's inbox socket — median of 50 counters.
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
  const inbox = await openInbox(baseUrl, buyer.cookie, buyer.id);
  const waiting = new Map();
  inbox.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === "offer" && frame.event === "countered") waiting.get(frame.offer.id)?.();
  };

  const latencies = [];
  for (let i = 0; i < ROUNDS + WARM_UP; i++) {
    const offer = await api(baseUrl, buyer.cookie, "POST", "/api/offers", { vehicleId, price: 28000 + i });
    const started = performance.now();
    await new Promise((resolve, reject) => {
      waiting.set(offer.id, resolve);
      api(baseUrl, seller.cookie, "POST", `/api/offers/${offer.id}/counter`, { price: 31000 }).catch(reject);
    });
    waiting.delete(offer.id);
    if (i >= WARM_UP) latencies.push(performance.now() - started);
    // The buyer closes it, so the next round may offer on the same truck again.
    await api(baseUrl, buyer.cookie, "POST", `/api/offers/${offer.id}/decline`, {});
  }
  inbox.close();
  latencies.sort((x, y) => x - y);
  return [
    {
      name: `counter → the other dealer's inbox socket (${ROUNDS} counters)`,
      median: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      note: `median ${percentile(latencies, 50).toFixed(1)} ms from sending the counter to the buyer's open tab having it`,
    },
  ];
}
