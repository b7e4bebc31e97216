type Queryable = Pick<D1Database, "prepare" | "batch">;

/**
 * The two networks: the demo (the seeded dealers, throwaway demo dealerships and the dealers they add, all
 * `dealers.is_demo = 1`) and the real one. A demo account finds, opens, comments on, matches, messages, deals
 * with and counts only demo dealers and their posts; a real dealer (or a signed-out visitor) never meets a demo
 * one.
 */
export type Network = "demo" | "real";

/**
 * Every table whose rows belong to a network, as the rows of one network. A statement sent through the wall
 * reads each of these names as the CTE below, which SQLite resolves before the schema's table of the same
 * name, so every read of the statement (joins, subqueries, counts, search, the existence check in front of a
 * write) sees one network only. The rows are the table's own (`select *` from `main.` — the schema's table,
 * never the CTE), so columns and indexes are the table's: `not materialized` makes SQLite fold each CTE into
 * the statement as a filter instead of copying the table.
 *
 * Not covered, on purpose: the table an UPDATE or DELETE names as its target (SQLite resolves it in the
 * schema); such writes already check who owns the row, and their WHERE's subqueries do go through the wall.
 * A deal or a connection is made between two dealers the wall let the proposer see, so one dealer of it
 * tells its network; a chat is the other network's when any of its dealers is (a chat being made, whose
 * dealers are not written yet, is still the maker's to finish).
 */
/**
 * Whether the dealer in `column` (a row's owner, a foreign key, so always a dealer) is of network `n`, checked
 * once per row a statement walks. It asks the few demo dealers only (dealers_demo_idx, a partial index of the
 * demo network): a dealer who is not a demo one is a real one. A check that read the dealer's own row, or an
 * index of every dealer, missed SQLite's cache for each post, comment or vehicle on a national network (50 000
 * dealers), and the statements that walk many of them grew with the network (docs/capacity.md). Read as a
 * correlated (NOT) EXISTS, never as a join: SQLite turns a join into a Bloom filter over every dealer first.
 */
const ofNetwork = (column: string, n: 0 | 1): string =>
  `${n ? "" : "not "}exists (select 1 from main.dealers o indexed by dealers_demo_idx where o.id = ${column} and o.is_demo = 1)`;

const TABLES: ReadonlyArray<readonly [table: string, rowsOf: (demo: 0 | 1) => string]> = [
  ["dealers", (n) => `select * from main.dealers where is_demo = ${n}`],
  ["inventory_posts", (n) => `select * from main.inventory_posts x where ${ofNetwork("x.dealer_id", n)}`],
  [
    "vehicles",
    (n) =>
      `select * from main.vehicles x where exists (select 1 from main.inventory_posts p where p.id = x.post_id and ${ofNetwork("p.dealer_id", n)})`,
  ],
  ...[
    "comments",
    "wanted_vehicles",
    "offered_vehicles",
    "inventory_imports",
    "import_mappings",
    "push_subscriptions",
    "push_switches",
    "dealer_name_suffixes",
  ].map(
    (table) =>
      [table, (n: 0 | 1) => `select * from main.${table} x where ${ofNetwork("x.dealer_id", n)}`] as const,
  ),
  [
    "chats",
    // No dealer of the chat is of the other network.
    (n) =>
      `select * from main.chats x where not exists (select 1 from main.chat_participants cp where cp.chat_id = x.id and ${ofNetwork("cp.dealer_id", n ? 0 : 1)})`,
  ],
  [
    "deals",
    (n) =>
      `select * from main.deals x where exists (select 1 from main.dealers o where o.id in (x.proposer_id, x.counterparty_id, x.seller_id, x.buyer_id) and o.is_demo = ${n})`,
  ],
  [
    "deal_disputes",
    (n) =>
      `select * from main.deal_disputes x where exists (select 1 from main.dealers o where o.id = x.buyer_id and o.is_demo = ${n})`,
  ],
  [
    "offers",
    (n) =>
      `select * from main.offers x where exists (select 1 from main.dealers o where o.id = x.buyer_id and o.is_demo = ${n})`,
  ],
  [
    "deal_reviews",
    (n) =>
      `select * from main.deal_reviews x where exists (select 1 from main.dealers o where o.id = x.reviewer_id and o.is_demo = ${n})`,
  ],
  [
    "dealer_reputations",
    (n) =>
      `select * from main.dealer_reputations x where exists (select 1 from main.dealers o where o.id = x.dealer_id and o.is_demo = ${n})`,
  ],
  [
    "connections",
    (n) =>
      `select * from main.connections x where exists (select 1 from main.dealers o where o.id = x.requester_id and o.is_demo = ${n})`,
  ],
];

const PREFIXES: Record<Network, string> = {
  demo: cteList(1),
  real: cteList(0),
};

function cteList(demo: 0 | 1): string {
  return TABLES.map(([table, rowsOf]) => `${table} as not materialized (${rowsOf(demo)})`).join(", ");
}

/** What a statement begins with, after white space: its own WITH (and RECURSIVE), or the first word of a statement the wall scopes. */
const OWN_WITH = /^\s*with(\s+recursive)?\s/i;
const SCOPED = /^\s*(?:select|insert|update|delete|replace)\b/i;

/** `sql` as it reads within `network`: the network's CTEs in front (merged into the statement's own WITH). */
export function withinNetwork(sql: string, network: Network): string {
  const own = OWN_WITH.exec(sql);
  if (own) return `with${own[1] ?? ""} ${PREFIXES[network]}, ${sql.slice(own[0].length)}`;
  return SCOPED.test(sql) ? `with ${PREFIXES[network]} ${sql}` : sql;
}

/**
 * The request's database as seen from `network()`: the viewer's network once the session is known, and
 * undefined before (only the session lookup runs then, and it crosses the wall by nature). Batches take the
 * statements prepared here, so they need nothing of their own.
 */
export function networkWall<T extends Queryable>(database: T, network: () => Network | undefined): T {
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === "prepare")
        return (sql: string) => {
          const seen = network();
          return target.prepare(seen ? withinNetwork(sql, seen) : sql);
        };
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The network a viewer lives in: a demo dealer's, else the real one (signed-out visitors included). */
export function networkOf(dealer: { isDemo: boolean } | null | undefined): Network {
  return dealer?.isDemo ? "demo" : "real";
}
