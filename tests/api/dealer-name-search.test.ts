import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { networkWall } from "../../worker/db/network-wall";
import { searchDealers, countDealers } from "../../worker/domain/directory/search";
import { containsText } from "../../worker/domain/shared/contains-text";

/**
 * The directory's name search counts its matches from the name suffixes (three characters or more, no space, no
 * GLOB wildcard), and walks the dealers otherwise: either way it must answer exactly what LIKE alone answers
 * (rows, order, pages, count), whatever the letters, and only within the viewer's network.
 */
const NAMES: [name: string, dealershipName: string][] = [
  ["Ana Motors", "Ana's Auto"],
  ["ANA MOTORS", "Big Lake Cars"],
  ["Zoë Émond", "Émond Automobiles"],
  ["zoË ÉMOND", "ÉMOND AUTOS"],
  ["Çelik Straße", "STRASSE Motors"],
  ["İstanbul Imports", "istanbul imports"],
  ["Wild 100%_off \\ deals", "Percent 100% Lot"],
  ["Wild 1000Xoff \\ deals", "Decoy Cars"],
  ['Quote "Q" Cars', "O'Brien's Trucks"],
  ["Emoji 🚗🚗🚗 Motors", "🛻 Lot"],
  ["Ab", "Cd"],
  ["motors", "MoToRs"],
  ["Star*Lot [Used]", "What? Cars"],
  ["Tab\tMotors", "Two  Spaces Motors"],
];

const SEARCHES = [
  "motors",
  "MOTORS",
  "oto",
  "ana",
  "Zoë",
  "ZOË",
  "émond",
  "ÉMOND",
  "straße",
  "STRASSE",
  "İst",
  "ist",
  "100%_",
  "100%",
  "%_o",
  "0%_off \\ d",
  "\\",
  "%",
  "_",
  "\\ d",
  '"Q"',
  "o'b",
  "🚗🚗",
  "🚗",
  "ab",
  "b",
  "lake",
  "nothing like it",
  "r*l",
  "[used]",
  "what?",
  "b\tm",
  "two  spaces",
  "sport",
];

const db = (network: "real" | "demo" = "real") => openDatabase(networkWall(env.DB, () => network));
const ids: string[] = [];
const demoId = crypto.randomUUID();

beforeAll(async () => {
  for (const [name, dealershipName] of NAMES) {
    const id = crypto.randomUUID();
    ids.push(id);
    await env.DB.prepare(
      `insert into dealers (id, name, email, dealership_name, dealership_type, city, state, buys_canadian_vehicles, created_at)
       values (?, ?, ?, ?, 'independent', 'Town', 'TX', 0, ?)`,
    )
      .bind(id, name, `${id}@example.com`, dealershipName, Date.now())
      .run();
  }
  await env.DB.prepare(
    `insert into dealers (id, name, email, dealership_name, city, state, is_demo, created_at)
     values (?, 'Demo Motors', 'demo-motors@example.com', 'Demo Lake Motors', 'Town', 'TX', 1, ?)`,
  )
    .bind(demoId, Date.now())
    .run();
});

/** What LIKE alone answers, in the directory's default order. */
async function byLike(text: string): Promise<string[]> {
  const rows = await openDatabase(env.DB).all<{ id: string }>(sql`
    select d.id as id from dealers d
    where ${containsText([sql`d.name`, sql`d.dealership_name`], text)} and d.is_demo = 0
    order by d.name collate nocase, d.id`);
  return rows.map((r) => r.id).filter((id) => ids.includes(id));
}

/** Every page of the directory's answer, 2 at a time, and the count its first page told. */
async function bySearch(text: string, network: "real" | "demo" = "real") {
  const found: string[] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  do {
    const page = await searchDealers(db(network), null, { name: text, limit: 2, cursor });
    total ??= page.total;
    found.push(...page.items.map((d) => d.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { found, total };
}

describe("the directory's name search answers as LIKE does", () => {
  it.each(SEARCHES)("for %j: the same dealers, order, pages and count", async (text) => {
    const expected = await byLike(text);
    const { found, total } = await bySearch(text);
    expect(found.filter((id) => ids.includes(id))).toEqual(expected);
    expect(found.length).toBe(total);
    expect(await countDealers(db(), null, { name: text })).toBe(total);
  });

  it("counts within the viewer's network only", async () => {
    expect((await bySearch("motors")).found).not.toContain(demoId);
    expect(await bySearch("motors", "demo")).toEqual({ found: [demoId], total: 1 });
    expect(await countDealers(db("demo"), null, { name: "lake" })).toBe(1);
  });

  it("follows a dealer's new name and forgets a removed dealer", async () => {
    const [first, , , , , , , , , , , last] = ids;
    await env.DB.prepare(
      "update dealers set name = 'Renamed Rivertown', dealership_name = 'Rivertown Rigs' where id = ?",
    )
      .bind(first)
      .run();
    expect(await bySearch("rivertown")).toEqual({ found: [first], total: 1 });
    // The old names' suffixes are gone: "Ana Motors" was the first dealer's, "Ana's Auto" too.
    expect(await countDealers(db(), null, { name: "ana's" })).toBe(0);
    expect((await bySearch("Ana Motors")).found).not.toContain(first);
    // An upsert's rename, a word twice and two words ending alike (the same suffixes cut twice).
    await env.DB.prepare(
      `insert into dealers (id, name, email, dealership_name, created_at) values (?, 'x', 'x@example.com', 'x', 0)
       on conflict (id) do update set name = 'Motors Motors', dealership_name = 'Doors and Motors'`,
    )
      .bind(first)
      .run();
    expect(await countDealers(db(), null, { name: "otors" })).toBe((await byLike("otors")).length);
    expect(await countDealers(db(), null, { name: "rivertown" })).toBe(0);
    await env.DB.prepare("delete from dealers where id = ?").bind(last).run();
    const motors = await bySearch("motors");
    expect(motors.found).not.toContain(last);
    expect(motors.total).toBe(motors.found.length);
    expect(await byLike("motors")).toEqual((await bySearch("motors")).found.filter((id) => ids.includes(id)));
  });
});
