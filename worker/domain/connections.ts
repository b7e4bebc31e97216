import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { DealerDirectoryService, DirectoryDealer, ViewerOptions } from "./dealer-directory";
import { requireSameNetwork } from "./demo-network";
import { DomainError, badRequest, notFound } from "./errors";
import { newId } from "./ids";
import { LIMITS, type RateLimitService } from "./rate-limits";

export type Connection = {
  id: string;
  requesterId: string;
  receiverId: string;
  status: "accepted" | "pending";
  createdAt: number;
};

/** A connection as GET /api/connections answers it: the other dealer embedded (business spec §3). */
export type ConnectionWithDealer = Connection & { dealer: DirectoryDealer };

const findPair = (db: Database, a: string, b: string) =>
  db.all<Connection>(sql`
    select id, requester_id as requesterId, receiver_id as receiverId, status, created_at as createdAt
    from connections
    where (requester_id = ${a} and receiver_id = ${b}) or (requester_id = ${b} and receiver_id = ${a})
    limit 1`);

/**
 * Connections between dealers: stored once per pair, in either direction (business spec §3, §4).
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
    ): Promise<{ created: boolean; connection: Connection; dealerName: string }> {
      if (requesterId === receiverId) throw badRequest("You cannot connect with yourself");
      await rateLimits.spend([LIMITS.connectionsPerDealer, requesterId]);
      await requireSameNetwork(db, requesterId, receiverId);
      const [receiver] = await db.all<{ name: string; dealershipName: string }>(
        sql`select name, dealership_name as dealershipName from dealers where id = ${receiverId}`,
      );
      if (!receiver) throw notFound("Dealer not found");
      const id = newId();
      const inserted = await db.all<Connection>(sql`
        insert into connections (id, requester_id, receiver_id, status)
        select ${id}, ${requesterId}, ${receiverId}, 'accepted'
        where not exists (select 1 from connections where requester_id = ${receiverId} and receiver_id = ${requesterId})
        on conflict (requester_id, receiver_id) do nothing
        returning id, requester_id as requesterId, receiver_id as receiverId, status, created_at as createdAt`);
      const created = inserted[0];
      if (created) return { created: true, connection: created, dealerName: receiver.name };
      const [existing] = await findPair(db, requesterId, receiverId);
      if (!existing) throw new DomainError(409, "The connection changed while saving; please try again");
      if (existing.status !== "accepted") {
        // A pending request either way becomes accepted: both sides now want it.
        await db.run(sql`update connections set status = 'accepted' where id = ${existing.id}`);
        return { created: true, connection: { ...existing, status: "accepted" }, dealerName: receiver.name };
      }
      return { created: false, connection: existing, dealerName: receiver.name };
    },

    /** Removes the connection between two dealers, whichever side made it. */
    async remove(
      dealerId: string,
      otherId: string,
    ): Promise<{ removed: boolean; dealerName: string | null }> {
      await rateLimits.spend([LIMITS.connectionsPerDealer, dealerId]);
      const [other] = await db.all<{ name: string }>(sql`select name from dealers where id = ${otherId}`);
      if (!other) throw notFound("Dealer not found");
      const deleted = await db.all<{ id: string }>(sql`
        delete from connections
        where (requester_id = ${dealerId} and receiver_id = ${otherId}) or (requester_id = ${otherId} and receiver_id = ${dealerId})
        returning id`);
      return { removed: deleted.length > 0, dealerName: other.name };
    },

    /** The ids of a dealer's accepted connections, either direction (the audience of their new posts). */
    async connectedDealerIds(dealerId: string): Promise<string[]> {
      const rows = await db.all<{ id: string }>(sql`
        select case when requester_id = ${dealerId} then receiver_id else requester_id end as id
        from connections
        where (requester_id = ${dealerId} or receiver_id = ${dealerId}) and status = 'accepted'`);
      return rows.map((r) => r.id);
    },

    async between(a: string, b: string): Promise<Connection | null> {
      const [row] = await findPair(db, a, b);
      return row ?? null;
    },

    /**
     * A dealer's accepted connections, newest first, each with the other dealer as `viewerDealerId`
     * may see them (privacy applies). Two statements whatever the count.
     */
    async listFor(
      dealerId: string,
      viewerDealerId: string | null,
      options: ViewerOptions & { search?: string; limit?: number } = {},
    ): Promise<ConnectionWithDealer[]> {
      const limit = Math.min(Math.max(options.limit ?? 500, 1), 1000);
      const pattern = options.search?.trim()
        ? `%${options.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
      const rows = await db.all<Connection & { otherId: string }>(sql`
        select c.id as id, c.requester_id as requesterId, c.receiver_id as receiverId, c.status as status,
               c.created_at as createdAt,
               case when c.requester_id = ${dealerId} then c.receiver_id else c.requester_id end as otherId
        from connections c
        join dealers d on d.id = case when c.requester_id = ${dealerId} then c.receiver_id else c.requester_id end
        where (c.requester_id = ${dealerId} or c.receiver_id = ${dealerId}) and c.status = 'accepted'
          ${pattern ? sql`and (d.name like ${pattern} escape '\\' or d.dealership_name like ${pattern} escape '\\')` : sql``}
        order by c.created_at desc
        limit ${limit}`);
      const dealers = await directory.many(
        viewerDealerId,
        rows.map((r) => r.otherId),
        options,
      );
      const byId = new Map(dealers.map((d) => [d.id, d]));
      return rows.flatMap(({ otherId, ...connection }) => {
        const dealer = byId.get(otherId);
        return dealer ? [{ ...connection, dealer }] : [];
      });
    },
  };
}
