/**
 * Messaging benchmark section: delivery latency (send on A's socket → frame on B's socket) over 500
 * messages beside the 2 s polling, one message fanned out to 200 sockets in a room, and 1 000
 * sockets held across 100 rooms with no error.
 */
import { benchApi, openSocket, otherDealers, percentile, signUpBenchDealer, stats } from "./bench-dealer.mjs";

export const title = "Real-time messaging";

const signUp = (baseUrl, label) => signUpBenchDealer(baseUrl, { label, dealershipName: `Bench ${label}` });

const api = benchApi;
const roomSocket = (baseUrl, cookie, chatId) => openSocket(baseUrl, cookie, `chat-room/${chatId}`);

export async function run(ctx) {
  const { baseUrl } = ctx;
  const a = await signUp(baseUrl, "A");
  const b = await signUp(baseUrl, "B");
  const { id: chatId } = await api(baseUrl, a.cookie, "POST", "/api/chats", { participantId: b.id });
  const wsA = await roomSocket(baseUrl, a.cookie, chatId);
  const wsB = await roomSocket(baseUrl, b.cookie, chatId);

  // 1. Delivery latency, one message at a time.
  const latencies = [];
  const waiting = new Map();
  wsB.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === "message") waiting.get(frame.message.clientId)?.();
  };
  for (let i = 0; i < 520; i++) {
    const clientId = `bench-${i}-${Date.now()}`;
    const started = performance.now();
    await new Promise((resolve) => {
      waiting.set(clientId, resolve);
      wsA.send(JSON.stringify({ type: "send", clientId, content: `Bench message ${i}` }));
    });
    waiting.delete(clientId);
    if (i >= 20) latencies.push(performance.now() - started); // the first 20 warm up
  }
  const delivery = stats(latencies);
  const rows = [
    {
      name: "send on A → frame on B (500 messages)",
      ...delivery,
      note: `median ${delivery.median.toFixed(1)} ms, p99 ${delivery.p99.toFixed(1)} ms; a 2 s poll waits 1 000 ms on average`,
    },
  ];

  // 2. One message to 200 sockets in one room.
  const crowd = [];
  for (let i = 0; i < 99; i++)
    crowd.push(roomSocket(baseUrl, a.cookie, chatId), roomSocket(baseUrl, b.cookie, chatId));
  const sockets = [wsA, wsB, ...(await Promise.all(crowd))];
  const fanOutId = `fanout-${Date.now()}`;
  const started = performance.now();
  const arrivals = sockets.map(
    (ws) =>
      new Promise((resolve) => {
        ws.onmessage = (event) => {
          const frame = JSON.parse(event.data);
          if (frame.type === "message" && frame.message.clientId === fanOutId)
            resolve(performance.now() - started);
        };
      }),
  );
  wsA.send(JSON.stringify({ type: "send", clientId: fanOutId, content: "To everyone in the room" }));
  const times = (await Promise.all(arrivals)).sort((x, y) => x - y);
  rows.push({
    name: `one message to all ${sockets.length} sockets in a room`,
    median: times[Math.floor(times.length / 2)],
    p95: percentile(times, 95),
    p99: times.at(-1),
    note: `the last of ${sockets.length} sockets had it after ${times.at(-1).toFixed(1)} ms`,
  });
  sockets.forEach((ws) => ws.close());

  // 3. 1 000 sockets across 100 rooms, each room receiving one message. A third dealer sends them: A has
  // used most of its hourly message limit (worker/domain/rate-limits/index.ts) on the 521 messages above.
  const c = await signUp(baseUrl, "C");
  const roomCount = Number(process.env.BENCH_CHAT_ROOMS || 100);
  const peers = await otherDealers(baseUrl, c.cookie, roomCount, [a.id, b.id, c.id]);
  const rooms = [];
  for (const peer of peers)
    rooms.push((await api(baseUrl, c.cookie, "POST", "/api/chats", { participantId: peer })).id);
  let errors = 0;
  const held = [];
  for (const room of rooms) {
    for (let i = 0; i < 10; i++) held.push(roomSocket(baseUrl, c.cookie, room).catch(() => (errors += 1)));
  }
  const open = (await Promise.all(held)).filter((ws) => typeof ws === "object");
  let lastArrival = 0;
  const roomsStarted = performance.now();
  const delivered = open.map(
    (ws) =>
      new Promise((resolve) => {
        ws.onmessage = (event) => {
          if (JSON.parse(event.data).type !== "message") return;
          lastArrival = Math.max(lastArrival, performance.now() - roomsStarted);
          resolve(true);
        };
        ws.onclose = () => (errors += 1);
      }),
  );
  await Promise.all(
    rooms.map((room, i) =>
      api(baseUrl, c.cookie, "POST", "/api/messages", { receiverId: peers[i], content: "Hello room" }),
    ),
  );
  const timeout = new Promise((resolve) => setTimeout(resolve, 10_000));
  let got = 0;
  await Promise.race([Promise.all(delivered.map((p) => p.then(() => (got += 1)))), timeout]);
  rows.push({
    name: `${open.length} sockets held across ${rooms.length} rooms, one message per room`,
    median: lastArrival,
    note: `${got}/${open.length} sockets received their room's message, ${errors} socket errors (figure = until the last arrived)`,
  });
  open.forEach((ws) => ws.close());
  return rows;
}
