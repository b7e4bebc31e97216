/** The demo network's conversations: dealers asking, pitching, answering requests and talking shop. */
import { formatDollars } from "#lib/format";
import { intBetween, pick, randomUuid, shuffle, type Random } from "./random.ts";
import type { SeedConnection, SeedDealer, SeedPost } from "./rows.ts";
import { makeDemoVehicle, VEHICLE_CATALOGUE, vehicleName, type DemoVehicle } from "./vehicles.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SeedMessage = {
  id: string;
  clientId: string;
  senderId: string;
  receiverId: string;
  content: string;
  context: string | null;
  isRead: boolean;
  createdAt: number;
};
export type SeedChat = {
  id: string;
  pairKey: string;
  createdAt: number;
  lastMessageAt: number;
  participants: { dealerId: string; lastReadAt: number }[];
  messages: SeedMessage[];
};

type Line = { from: "initiator" | "other"; text: string };

const roundTo250 = (cents: number) => Math.round(cents / 25_000) * 25_000;

function dealTerms(v: DemoVehicle) {
  const ask = v.priceCents ?? 1_500_000;
  const offer = roundTo250(ask * 0.9);
  const meet = roundTo250((ask + offer) / 2);
  return {
    name: vehicleName(v),
    short: `${v.year} ${v.model}`,
    miles: v.mileage ? v.mileage.toLocaleString("en-US") : "low",
    ask: formatDollars(ask),
    offer: formatDollars(offer),
    meet: formatDollars(meet),
    model: v.model,
  };
}

/** A line of the dealer who wrote first, and one of the other dealer. */
const byInitiator = (text: string): Line => ({ from: "initiator", text });
const byOther = (text: string): Line => ({ from: "other", text });

/** Buyer writes first about the seller's vehicle. */
function inquiryLines(v: DemoVehicle): Line[] {
  const t = dealTerms(v);
  const [b, s] = [byInitiator, byOther];
  return [
    b(`Hey, is the ${t.short} still available?`),
    s("Yes, still here. Just came back from detail."),
    b(`What's your bottom dollar? MMR has it around ${t.offer}.`),
    s(`I'm at ${t.ask}. Could do ${t.meet} if you take it this week.`),
    b("Can you send a cold start video and the Carfax?"),
    s("Sent both to your email. Clean, one owner."),
    b(`Looks good. ${t.meet} works, I'll take it.`),
    s("Deal. I'll send the bill of sale and wire info."),
    b("Got it. Wire goes out this afternoon, transport Thursday."),
    s("Title's in hand, I'll overnight it once the wire lands."),
    b("Wire sent, confirmation is in your email."),
    s("Received, thanks. Keys will be at the front desk for the driver."),
  ];
}

/** Seller offers a fresh trade to a dealer who buys that kind of unit. */
function pitchLines(v: DemoVehicle, auction: string): Line[] {
  const t = dealTerms(v);
  const [s, b] = [byInitiator, byOther];
  return [
    s(`Just took in a ${t.name} on trade, ${t.miles} miles. Thought of you.`),
    b("Nice, what do you need for it?"),
    s(`${t.ask} and it's yours.`),
    b(`That's a little strong for me. Would you do ${t.offer}?`),
    s(`Can't do ${t.offer}. Meet me at ${t.meet}?`),
    b("Let me check with my used car manager and I'll get back to you."),
    s("Sounds good, I'll hold it until tomorrow at noon."),
    b(`We're good at ${t.meet}. Send it over.`),
    s("Perfect. Paperwork is coming your way."),
    b(`Thanks! Can you drop it at ${auction} so my driver grabs it there?`),
    s("Sure, it'll be there by Wednesday."),
    b("Appreciate it. Send me the next one like it too."),
  ];
}

/** Seller answers a buyer's "Looking for…" post. */
function requestLines(v: DemoVehicle, buyer: SeedDealer): Line[] {
  const t = dealTerms(v);
  const [s, b] = [byInitiator, byOther];
  return [
    s(`Saw your post. I have a ${t.name} with ${t.miles} miles that could work.`),
    b("Could be. What's the condition like?"),
    s("Clean inside and out, tires about half. One small scratch on the rear bumper."),
    b("What are you asking?"),
    s(`${t.ask}. I can send photos.`),
    b(`Please do. If it's as clean as you say I'd do ${t.offer}.`),
    s(`Photos sent. Lowest I can go is ${t.meet}.`),
    b(`Ok, let's do ${t.meet}. I'll send transport.`),
    s("Great, where do I make out the bill of sale?"),
    b(`${buyer.dealershipName}, ${buyer.address}, ${buyer.city}, ${buyer.state} ${buyer.zipCode}.`),
    s("Got it. It'll be ready for pickup tomorrow after 10."),
    b("Thanks, pleasure doing business."),
  ];
}

/** Two dealers talking shop, no particular vehicle. */
function shopTalkLines(auction: string, state: string): Line[] {
  const [a, b] = [byInitiator, byOther];
  return [
    a(`Are you going to the ${auction} sale Thursday?`),
    b("Planning on it. Looking for trucks mostly."),
    a("Same. If you see any clean Tahoes let me know, I've got a buyer."),
    b("Will do. You still need cheap sedans?"),
    a("Always. Anything under $8k that runs and drives."),
    b("I've got three Altimas coming in next week, I'll send you the list."),
    a("Perfect, send them over."),
    b("Sending the sheet tonight."),
    a(`Thanks. Do you have a transport company you like in ${state}?`),
    b("Call Mike at Southern Car Haulers, tell him I sent you."),
    a("Appreciate it."),
    b("Anytime. See you at the sale."),
  ];
}

const DOUBLE_TEXTS = [
  "Also have two more like it coming in Friday if you're interested.",
  "Let me know either way, I have another dealer asking about it.",
  "Just checking, did you get my last message?",
] as const;

const AUCTIONS = [
  "Manheim Dallas",
  "ADESA Atlanta",
  "Manheim Pennsylvania",
  "America's AA Nashville",
  "Manheim Riverside",
] as const;

type ChatPlan = { initiator: SeedDealer; other: SeedDealer; lines: Line[]; postTitle: string | null };

function planChat(
  random: Random,
  a: SeedDealer,
  b: SeedDealer,
  posts: SeedPost[],
  preferred?: number,
): ChatPlan {
  const listedBy = (d: SeedDealer) =>
    posts.filter(
      (p) => p.dealerId === d.id && p.type !== "request" && p.vehicles.some((v) => v.vin !== null),
    );
  const requestsBy = (d: SeedDealer) => posts.filter((p) => p.dealerId === d.id && p.type === "request");
  const kind = preferred ?? intBetween(random, 0, 3);
  const auction = pick(random, AUCTIONS);

  if (kind === 0 || kind === 1) {
    // Inquiry about a listed post (kind 0) or a seller pitching (kind 1).
    const [seller, buyer] =
      listedBy(b).length > 0 && (listedBy(a).length === 0 || random() < 0.5) ? [b, a] : [a, b];
    const post = listedBy(seller).length > 0 ? pick(random, listedBy(seller)) : null;
    const vehicle = post
      ? (pick(
          random,
          post.vehicles.filter((v) => v.vin !== null),
        ) as DemoVehicle)
      : makeDemoVehicle(random, seller);
    return kind === 0
      ? { initiator: buyer, other: seller, lines: inquiryLines(vehicle), postTitle: post?.title ?? null }
      : { initiator: seller, other: buyer, lines: pitchLines(vehicle, auction), postTitle: null };
  }
  if (kind === 2) {
    const [buyer, seller] = requestsBy(a).length > 0 ? [a, b] : [b, a];
    const request = requestsBy(buyer)[0];
    if (request) {
      const wanted = request.vehicles[0];
      const entry = wanted
        ? VEHICLE_CATALOGUE.find((e) => e.make === wanted.make && e.model === wanted.model)
        : undefined;
      let offered = makeDemoVehicle(random, { city: seller.city, state: seller.state, entry });
      // A request says "2019+": offer one at least that new.
      for (let i = 0; wanted && offered.year < wanted.year && i < 20; i++) {
        offered = makeDemoVehicle(random, { city: seller.city, state: seller.state, entry });
      }
      return {
        initiator: seller,
        other: buyer,
        lines: requestLines(offered, buyer),
        postTitle: request.title,
      };
    }
  }
  return { initiator: a, other: b, lines: shopTalkLines(auction, b.state), postTitle: null };
}

function buildChat(
  random: Random,
  plan: ChatPlan,
  now: number,
  options: { unreadFor?: SeedDealer; unreadCount?: number; endAgo: number },
): SeedChat {
  let count = intBetween(random, 3, 12);
  const lines = plan.lines;
  const unreadFor = options.unreadFor;
  if (unreadFor) {
    // The last message must come from the other side for the reader to have something unread.
    const unreadSender = unreadFor.id === plan.initiator.id ? "other" : "initiator";
    count = Math.min(count, 11);
    if (lines[count - 1]?.from !== unreadSender) count = count > 3 ? count - 1 : count + 1;
  }
  const chosen = lines.slice(0, count);
  if (unreadFor && (options.unreadCount ?? 1) > 1) {
    const last = chosen[chosen.length - 1] as Line;
    chosen.push({ from: last.from, text: pick(random, DOUBLE_TEXTS) });
  }

  // Times run backwards from the last message.
  const times: number[] = [];
  let t = now - options.endAgo;
  for (let i = chosen.length - 1; i >= 0; i--) {
    times[i] = t;
    t -=
      random() < 0.15 ? intBetween(random, 6 * HOUR, 30 * HOUR) : intBetween(random, 2 * MINUTE, 90 * MINUTE);
  }

  const idOf = (line: Line) => (line.from === "initiator" ? plan.initiator : plan.other);
  const otherOf = (line: Line) => (line.from === "initiator" ? plan.other : plan.initiator);
  const lastAt = times[times.length - 1] as number;
  const unreadCount = unreadFor ? (options.unreadCount ?? 1) : 0;
  const readUpTo = (dealer: SeedDealer) =>
    unreadFor && dealer.id === unreadFor.id
      ? (times[chosen.length - 1 - unreadCount] as number)
      : Math.min(now, lastAt + intBetween(random, MINUTE, 20 * MINUTE));
  const lastRead = new Map([plan.initiator, plan.other].map((d) => [d.id, readUpTo(d)]));

  const messages: SeedMessage[] = chosen.map((line, i) => {
    const sender = idOf(line);
    const receiver = otherOf(line);
    const createdAt = times[i] as number;
    return {
      id: randomUuid(random),
      clientId: randomUuid(random),
      senderId: sender.id,
      receiverId: receiver.id,
      content: line.text,
      context: i === 0 && plan.postTitle ? JSON.stringify({ postTitle: plan.postTitle }) : null,
      isRead: createdAt <= (lastRead.get(receiver.id) ?? 0),
      createdAt,
    };
  });
  return {
    id: randomUuid(random),
    pairKey: [plan.initiator.id, plan.other.id].sort().join(":"),
    createdAt: times[0] as number,
    lastMessageAt: lastAt,
    participants: [plan.initiator, plan.other].map((d) => ({
      dealerId: d.id,
      lastReadAt: lastRead.get(d.id) as number,
    })),
    messages,
  };
}

export function buildChats(
  random: Random,
  dealers: SeedDealer[],
  posts: SeedPost[],
  connections: SeedConnection[],
  now: number,
): SeedChat[] {
  const demo = dealers[0] as SeedDealer;
  const admin = dealers[1] as SeedDealer;
  const byId = new Map(dealers.map((d) => [d.id, d]));
  const chats: SeedChat[] = [];
  const partnerOf = (c: SeedConnection, id: string) =>
    byId.get(c.requesterId === id ? c.receiverId : c.requesterId) as SeedDealer;

  const demoPartners = connections
    .filter((c) => c.requesterId === demo.id || c.receiverId === demo.id)
    .map((c) => partnerOf(c, demo.id));
  shuffle(random, demoPartners)
    .slice(0, 8)
    .forEach((partner, i) => {
      const plan = planChat(random, demo, partner, posts, i % 4);
      const unread = i < 2;
      chats.push(
        buildChat(random, plan, now, {
          unreadFor: unread ? demo : undefined,
          unreadCount: i === 1 ? 2 : 1,
          endAgo: unread ? intBetween(random, 20 * MINUTE, 6 * HOUR) : intBetween(random, HOUR, 12 * DAY),
        }),
      );
    });

  const otherPairs = shuffle(
    random,
    connections.filter(
      (c) => ![demo.id, admin.id].includes(c.requesterId) && ![demo.id, admin.id].includes(c.receiverId),
    ),
  ).slice(0, 20);
  for (const connection of otherPairs) {
    const a = byId.get(connection.requesterId) as SeedDealer;
    const b = byId.get(connection.receiverId) as SeedDealer;
    const plan = planChat(random, a, b, posts);
    const unread = random() < 0.25;
    chats.push(
      buildChat(random, plan, now, {
        unreadFor: unread ? plan.other : undefined,
        endAgo: intBetween(random, 30 * MINUTE, 25 * DAY),
      }),
    );
  }
  return chats;
}
