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
 * A row's dealer, as the checks below read it (one per row walked): from the small (id, is_demo) index alone,
 * never the dealer's own wide row. Named, because without the planner's statistics SQLite picks the primary key
 * and reads the row; on a national network (50 000 dealers) those rows do not stay in the cache, and the
 * statements that walk many posts or comments grew with the network (docs/capacity.md).
 */
const OF_DEALER = "main.dealers o indexed by dealers_network_idx";

const TABLES: ReadonlyArray<readonly [table: string, rowsOf: (demo: 0 | 1) => string]> = [
  ["dealers", (n) => `select * from main.dealers where is_demo = ${n}`],
  [
    "inventory_posts",
    // The dealer's flag read per post, not as EXISTS: SQLite turns an EXISTS into a join and, for a walk over
    // many posts, first builds a Bloom filter over every dealer of the network (the feed's first page read all
    // 50 000 dealers of a national network). A dealer's id is its key, so both read the same posts.
    (n) =>
      `select * from main.inventory_posts x where (select o.is_demo from ${OF_DEALER} where o.id = x.dealer_id) = ${n}`,
  ],
  [
    "vehicles",
    (n) =>
      `select * from main.vehicles x where exists (select 1 from main.inventory_posts p join ${OF_DEALER} on o.id = p.dealer_id where p.id = x.post_id and o.is_demo = ${n})`,
  ],
  ...[
    "comments",
    "wanted_vehicles",
    "offered_vehicles",
    "inventory_imports",
    "import_mappings",
    "push_subscriptions",
    "push_switches",
  ].map(
    (table) =>
      [
        table,
        (n: 0 | 1) =>
          `select * from main.${table} x where exists (select 1 from ${OF_DEALER} where o.id = x.dealer_id and o.is_demo = ${n})`,
      ] as const,
  ),
  [
    "chats",
    (n) =>
      `select * from main.chats x where not exists (select 1 from main.chat_participants cp join ${OF_DEALER} on o.id = cp.dealer_id where cp.chat_id = x.id and o.is_demo <> ${n})`,
  ],
  [
    "deals",
    (n) =>
      `select * from main.deals x where exists (select 1 from ${OF_DEALER} where o.id in (x.proposer_id, x.counterparty_id, x.seller_id, x.buyer_id) and o.is_demo = ${n})`,
  ],
  [
    "deal_disputes",
    (n) =>
      `select * from main.deal_disputes x where exists (select 1 from ${OF_DEALER} where o.id = x.buyer_id and o.is_demo = ${n})`,
  ],
  [
    "offers",
    (n) =>
      `select * from main.offers x where exists (select 1 from ${OF_DEALER} where o.id = x.buyer_id and o.is_demo = ${n})`,
  ],
  [
    "deal_reviews",
    (n) =>
      `select * from main.deal_reviews x where exists (select 1 from ${OF_DEALER} where o.id = x.reviewer_id and o.is_demo = ${n})`,
  ],
  [
    "dealer_reputations",
    (n) =>
      `select * from main.dealer_reputations x where exists (select 1 from ${OF_DEALER} where o.id = x.dealer_id and o.is_demo = ${n})`,
  ],
  [
    "connections",
    (n) =>
      `select * from main.connections x where exists (select 1 from ${OF_DEALER} where o.id = x.requester_id and o.is_demo = ${n})`,
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
