import { sql } from "drizzle-orm";
import { toIso, type Connection } from "#lib/api-types";
import { CONNECTIONS_PAGE_MAX } from "#lib/schemas/network";
import { batchable, type Database } from "../../db/client";
import { acceptedConnectionsOf } from "./accepted";
import { containsText } from "../shared/contains-text";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { requireDealer } from "../dealers";
import type { DealerDirectoryService, ViewerOptions } from "../directory";
import { DomainError, badRequest, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";

type ConnectionRow = {
  id: string;
  requesterId: string;
  receiverId: string;
  status: "accepted" | "pending";
  createdAt: number;
};

const CONNECTIONS_PAGE = cursorKind("connections", cursorValue.time, cursorValue.id);
const CONNECTIONS_PAGE_SIZE = 50;

const findPair = (db: Database, a: string, b: string) =>
  db.all<ConnectionRow>(sql`
    select id, requester_id as requesterId, receiver_id as receiverId, status, created_at as createdAt
    from connections
    where (requester_id = ${a} and receiver_id = ${b}) or (requester_id = ${b} and receiver_id = ${a})
    limit 1`);

/**
 * Connections between dealers: stored once per pair, in either direction.
 * Adding through the add-dealer call creates an accepted connection at once.
 */
export function connectionService(
  db: Database,
  directory: DealerDirectoryService,
  rateLimits: RateLimitService,
) {
  return {
    /**
     * Connects the session's dealer with `receiverId`. Idempotent: the same pair in either direction
     * is the same connection, reported with `created: false`. The insert checks the reverse pair in
     * the same statement, so two simultaneous calls from both sides still store one row.
     */
    async add(
      requesterId: string,
      receiverId: string,
    ): Promise<{ created: boolean; connection: Connection }> {
      if (requesterId === receiverId) throw badRequest("You cannot connect with yourself");
      // One wave of checks (who first: 404; then the limit: 429), then one batch that connects, accepts
      // a pending request either way, and reads the pair and the other dealer's card as they now are.
      const [spent, paired] = await Promise.allSettled([
        rateLimits.spend([LIMITS.connectionsPerDealer, requesterId]),
        requireDealer(db, receiverId),
      ]);
      if (paired.status === "rejected") throw paired.reason;
      if (spent.status === "rejected") throw spent.reason;
      const card = directory.cardRead(requesterId, receiverId);
      const [inserted, accepted, [existing], cardRows] = await db.batch([
        batchable(
          db,
          db.all<ConnectionRow>(sql`
            insert into connections (id, requester_id, receiver_id, status)
            select ${newId()}, ${requesterId}, ${receiverId}, 'accepted'
            where not exists (select 1 from connections where requester_id = ${receiverId} and receiver_id = ${requesterId})
            on conflict (requester_id, receiver_id) do nothing
            returning id`),
        ),
        // A pending request either way becomes accepted: both sides now want it.
        batchable(
          db,
          db.all<ConnectionRow>(sql`
            update connections set status = 'accepted'
            where ((requester_id = ${requesterId} and receiver_id = ${receiverId})
                or (requester_id = ${receiverId} and receiver_id = ${requesterId}))
              and status <> 'accepted'
            returning id`),
        ),
        batchable(db, findPair(db, requesterId, receiverId)),
        card.statement,
      ]);
      const dealer = card.card(cardRows);
      if (!existing) throw new DomainError(409, "The connection changed while saving; please try again");
      if (!dealer) throw notFound("Dealer not found");
      return {
        created: inserted.length > 0 || accepted.length > 0,
        connection: { ...existing, createdAt: toIso(existing.createdAt), dealer },
      };
    },

    /** Removes the connection between two dealers, whichever side made it. */
    async remove(dealerId: string, otherId: string): Promise<{ removed: boolean; dealerName: string }> {
      // The other dealer beside the limit (refused in that order: 404, then 429), then the delete.
      const [spent, others] = await Promise.allSettled([
        rateLimits.spend([LIMITS.connectionsPerDealer, dealerId]),
        db.all<{ name: string }>(sql`select name from dealers where id = ${otherId}`),
      ]);
      if (others.status === "rejected") throw others.reason;
      const [other] = others.value;
      if (!other) throw notFound("Dealer not found");
      if (spent.status === "rejected") throw spent.reason;
      const deleted = await db.all<{ id: string }>(sql`
        delete from connections
        where (requester_id = ${dealerId} and receiver_id = ${otherId}) or (requester_id = ${otherId} and receiver_id = ${dealerId})
        returning id`);
      return { removed: deleted.length > 0, dealerName: other.name };
    },

    /** The ids of a dealer's accepted connections (the audience of their new posts). */
    async connectedDealerIds(dealerId: string): Promise<string[]> {
      const rows = await db.all<{ id: string }>(
        sql`select partner_id as id from (${acceptedConnectionsOf(dealerId)})`,
      );
      return rows.map((r) => r.id);
    },

    async between(a: string, b: string): Promise<ConnectionRow | null> {
      const [row] = await findPair(db, a, b);
      return row ?? null;
    },

    /**
     * A page of a dealer's accepted connections, newest first, each with the other dealer as
     * `viewerDealerId` may see them (privacy applies), optionally searched by name or dealership.
     * Two statements whatever the page size; the cursor is checked (400 when it is not ours).
     */
    async listFor(
      dealerId: string,
      viewerDealerId: string | null,
      options: ViewerOptions & { search?: string; limit?: number; cursor?: string } = {},
    ): Promise<Page<Connection>> {
      const limit = Math.min(Math.max(options.limit ?? CONNECTIONS_PAGE_SIZE, 1), CONNECTIONS_PAGE_MAX);
      const cursor = CONNECTIONS_PAGE.decode(options.cursor);
      const search = options.search?.trim();
      const rows = await db.all<ConnectionRow & { otherId: string }>(sql`
        select c.id as id, c.requester_id as requesterId, c.receiver_id as receiverId, c.status as status,
               c.created_at as createdAt, mine.partner_id as otherId
        from (${acceptedConnectionsOf(dealerId)}) mine
        join connections c on c.id = mine.id
        join dealers d on d.id = mine.partner_id
        where 1 = 1
          ${search ? sql`and ${containsText([sql`d.name`, sql`d.dealership_name`], search)}` : sql``}
          ${cursor ? sql`and (c.created_at < ${cursor[0]} or (c.created_at = ${cursor[0]} and c.id < ${cursor[1]}))` : sql``}
        order by c.created_at desc, c.id desc
        limit ${limit + 1}`);
      const page = pageOf(
        rows,
        limit,
        (row) => row,
        (last) => CONNECTIONS_PAGE.encode(last.createdAt, last.id),
      );
      const dealers = await directory.many(
        viewerDealerId,
        page.items.map((r) => r.otherId),
        options,
      );
      const byId = new Map(dealers.map((d) => [d.id, d]));
      return {
        nextCursor: page.nextCursor,
        items: page.items.flatMap(({ otherId, ...connection }) => {
          const dealer = byId.get(otherId);
          return dealer ? [{ ...connection, createdAt: toIso(connection.createdAt), dealer }] : [];
        }),
      };
    },
  };
}
