import { sql, type SQL } from "drizzle-orm";

/**
 * A dealer's accepted connections, stored once per pair in either direction, as rows
 * `(id, partner_id, created_at)`: the one query behind every list, count and audience of a dealer's
 * network. Each half reads an index (requester_id first, or connections_receiver_idx).
 */
export const acceptedConnectionsOf = (dealerId: string | SQL) => sql`
  select id, receiver_id as partner_id, created_at from connections
  where requester_id = ${dealerId} and status = 'accepted'
  union all
  select id, requester_id as partner_id, created_at from connections
  where receiver_id = ${dealerId} and status = 'accepted'`;
