/**
 * Bench section: the network under load. 2 000 feed reads, 20 at a time (each request's time, and what the
 * server got through per second); 200 messages sent at once into one chat by both dealers, each sent twice (a
 * retry with its clientId), then the chat's history read back: every message stored exactly once.
 */
import { benchApi, call, signUpBenchDealer, stats } from "./bench-dealer.mjs";

export const title = "Under load";

const FEED_READS = 2000;
const CONCURRENT_READS = 20;
const CONCURRENT_MESSAGES = 200;

/** `total` calls of `once()`, `concurrency` in flight at a time; each call's time (ms) and the run's length. */
async function inFlight(total, concurrency, once) {
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        await once();
        samples.push(performance.now() - t);
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** Every message of a chat, following its cursor back to the first. */
async function historyOf(baseUrl, cookie, chatId) {
  const messages = [];
  let cursor = "";
  do {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const res = await call(baseUrl, cookie, "GET", `/api/chats/${chatId}/messages${query}`);
    messages.push(...(await res.json()));
    cursor = res.headers.get("X-Next-Cursor") ?? "";
  } while (cursor);
  return messages;
}

export async function run(ctx) {
  const { baseUrl } = ctx;
  const rows = [];

  let failed = 0;
  const reads = await inFlight(FEED_READS, CONCURRENT_READS, async () => {
    const response = await ctx.fetch("/api/inventory");
    await response.arrayBuffer();
    if (response.status !== 200) failed += 1;
  });
  if (failed > 0) throw new Error(`${failed} of ${FEED_READS} feed reads failed`);
  rows.push({
    name: `GET /api/inventory, ${FEED_READS} reads ${CONCURRENT_READS} at a time (each read)`,
    ...stats(reads.samples),
    note: `${Math.round(FEED_READS / reads.seconds)} reads/s, none failed`,
  });

  const a = await signUpBenchDealer(baseUrl, { label: "loadA", dealershipName: "Bench Load A" });
  const b = await signUpBenchDealer(baseUrl, { label: "loadB", dealershipName: "Bench Load B" });
  const { id: chatId } = await benchApi(baseUrl, a.cookie, "POST", "/api/chats", { participantId: b.id });
  const sends = Array.from({ length: CONCURRENT_MESSAGES }, (_, i) => {
    const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
    return {
      cookie: from.cookie,
      body: { receiverId: to.id, content: `Load ${i}`, clientId: `load-${i}-${chatId}` },
    };
  });
  // Each message twice at once: the retry must find the first, never store a second.
  const attempts = [...sends, ...sends];
  const samples = [];
  const started = performance.now();
  await Promise.all(
    attempts.map(async ({ cookie, body }) => {
      const t = performance.now();
      await (await call(baseUrl, cookie, "POST", "/api/messages", body)).arrayBuffer();
      samples.push(performance.now() - t);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const history = await historyOf(baseUrl, a.cookie, chatId);
  const stored = new Map();
  for (const m of history) stored.set(m.clientId, (stored.get(m.clientId) ?? 0) + 1);
  const lost = sends.filter((s) => !stored.has(s.body.clientId)).length;
  const doubled = [...stored.values()].filter((n) => n > 1).length;
  if (lost || doubled) throw new Error(`${lost} messages lost and ${doubled} stored twice`);
  rows.push({
    name: `POST /api/messages, ${CONCURRENT_MESSAGES} messages each sent twice, all at once (each send)`,
    ...stats(samples),
    note: `${history.length} stored (none lost, none doubled) in ${seconds.toFixed(1)} s`,
  });
  return rows;
}
