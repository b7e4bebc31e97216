import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { withinNetwork } from "../../worker/db/network-wall";
import { viewerOf } from "../../worker/domain/directory/cards";
import { pageStatement, type DirectoryQuery } from "../../worker/domain/directory/search";

/** The plan of a directory page as a real dealer's request sends it (network wall included). */
async function planOf(query: DirectoryQuery): Promise<string[]> {
  const viewer = viewerOf("00000000-0000-4000-8000-000000000000");
  const statement = pageStatement(openDatabase(env.DB), viewer, query).getQuery();
  const { results } = await env.DB.prepare(`explain query plan ${withinNetwork(statement.sql, "real")}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** The walk that picks the page's dealers, and the count under it (the last subquery over the dealers). */
function partsOf(details: string[]) {
  const walk = details.slice(details.indexOf("CO-ROUTINE page"), details.indexOf("SCAN page"));
  const count = details.slice(details.findLastIndex((d) => d.startsWith("CO-ROUTINE (subquery")));
  return { walk: walk.join(" | "), count: count[1] ?? "" };
}

describe("the directory is index-backed at the national network's size", () => {
  // The planner's statistics of the 50 000-dealer benchmark network (its sqlite_stat1, with the two indexes
  // built after it read as ANALYZE reads them there): an empty test database hides the planner's choices.
  beforeAll(async () => {
    await env.DB.exec("ANALYZE");
    const stats = [
      ["dealers_name_search_idx", "50000 23 1 1 1 1 1 1 1"],
      ["dealers_state_name_idx", "50000 1191 2 1 1"],
      ["dealers_rating_idx", "50000 914 2 1"],
      ["dealers_signup_idx", "50000 1 1 1"],
      ["dealers_activity_idx", "50000 2 1"],
      ["dealers_connection_count_idx", "50000 914"],
      ["dealers_added_by_idx", "50000 914"],
      ["dealers_active_idx", "50000 1"],
      ["dealers_dealership_name_idx", "50000 10"],
      ["dealers_account_id_unique", "50000 1"],
      ["sqlite_autoindex_dealers_1", "50000 1"],
    ];
    await env.DB.batch([
      env.DB.prepare("delete from sqlite_stat1 where tbl = 'dealers'"),
      ...stats.map(([idx, stat]) =>
        env.DB.prepare("insert into sqlite_stat1 (tbl, idx, stat) values ('dealers', ?, ?)").bind(idx, stat),
      ),
    ]);
    await env.DB.exec("ANALYZE sqlite_schema");
  });

  /** A count that reads one of the dealers' indexes alone, never a dealer's row. */
  const FROM_AN_INDEX = /COVERING INDEX dealers_(name_search|state_name)_idx/;
  /** A name search's matches, one range of the name suffixes' key (as far as the count goes). */
  const FROM_THE_SUFFIXES = /SEARCH x USING PRIMARY KEY \(suffix>\? AND suffix<\?\)/;

  it.each([
    ["name A-Z", "dealers_name_search_idx", FROM_AN_INDEX, { sort: "name", limit: 20 }],
    ["a state, name A-Z", "dealers_state_name_idx", FROM_AN_INDEX, { state: "TX", limit: 20 }],
    [
      "a type and Canadian buying, by rating",
      "dealers_rating_idx",
      FROM_AN_INDEX,
      { dealershipType: "wholesaler", buysCanadian: false, sort: "rating", limit: 20 },
    ],
    [
      "a type, name A-Z",
      "dealers_name_search_idx",
      FROM_AN_INDEX,
      { dealershipType: "franchise", limit: 20 },
    ],
    [
      "a name search, not me",
      "dealers_name_search_idx",
      FROM_THE_SUFFIXES,
      { name: "motors", exclude: ["self"], limit: 20 },
    ],
    [
      "a name search, not me, not connected",
      "dealers_name_search_idx",
      FROM_THE_SUFFIXES,
      { name: "Motors", exclude: ["self", "connected"], limit: 20 },
    ],
    // A filter on the dealer's own columns: the suffixes do not hold them, the name index does.
    [
      "a name search of a type",
      "dealers_name_search_idx",
      FROM_AN_INDEX,
      { name: "motors", dealershipType: "franchise", limit: 20 },
    ],
    // Two letters: no suffix is that short.
    ["a two-letter name search", "dealers_name_search_idx", FROM_AN_INDEX, { name: "mo", limit: 20 }],
  ] satisfies [string, string, RegExp, DirectoryQuery][])(
    "reads %s in its order from %s, stopping at the page; the count reads no dealer's row",
    async (_, index, countFrom, query) => {
      const { walk, count } = partsOf(await planOf(query));
      expect(walk).toContain(index);
      // Sorting every dealer that matches (a type's third of the network) is what grew with the network.
      expect(walk).not.toContain("TEMP B-TREE");
      expect(count).toMatch(countFrom);
    },
  );

  it("counts a card's vehicles from the vehicles' index, never reading each vehicle's post row again", async () => {
    const details = await planOf({ sort: "name", limit: 20 });
    expect(details).toContain("SEARCH v USING COVERING INDEX vehicles_post_idx (post_id=?)");
    // The network wall's check of a vehicle: its post's wide row, one uncached page per vehicle nationally.
    expect(details.filter((d) => d.includes("sqlite_autoindex_inventory_posts_1"))).toEqual([]);
  });
});
