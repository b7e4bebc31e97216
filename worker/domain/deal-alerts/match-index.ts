import { eq, getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { BuyOrder } from "#lib/schemas/buy-order";
import { buyOrderWants } from "./buy-order-wants";
import { matchIndexRows, type IndexedPost, type PostVehicleFacts } from "./match";
import { inChunks, listOf, parametersPerRow } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import { inventoryPosts, offeredVehicles, wantedVehicles } from "../../db/schema";
import { newId } from "../shared/ids";

/**
 * The match index: wanted_vehicles for an active Requesting post, offered_vehicles for an active
 * For Sale post, derived by worker/domain/deal-alerts/match.ts from the post's vehicles and words. Written in the same D1 batch
 * as the post itself, and rewritten whenever the post, its vehicles or its status change.
 */

/** Statements that (re)write a post's index rows; `replace` clears the old ones first. */
export function matchIndexStatements(
  db: Database,
  post: IndexedPost & { buyOrder?: BuyOrder | null },
  vehicles: readonly PostVehicleFacts[],
  options: { replace: boolean; now?: number },
): BatchItem<"sqlite">[] {
  // The dealer's buy order, when they set one, says what a Requesting post wants instead of its words.
  const wants = post.buyOrder ? buyOrderWants(post.buyOrder) : undefined;
  const { wanted, offered } = matchIndexRows(post, vehicles, options.now ?? Date.now(), newId, wants);
  const statements: BatchItem<"sqlite">[] = [];
  if (options.replace) statements.push(...clearStatements(db, post.id));
  statements.push(
    ...insertsWhilePostExists(db, wantedVehicles, post.id, wanted),
    ...insertsWhilePostExists(db, offeredVehicles, post.id, offered),
  );
  return statements;
}

type IndexTable = typeof wantedVehicles | typeof offeredVehicles;

/**
 * Inserts of index rows that write nothing once their post is gone: an edit read the post, then lost the race
 * to its deletion; a plain insert would fail its foreign key and the whole batch with it (a 500 where the
 * dealer should hear 404). Each statement binds its rows and the post id, under D1's parameter limit.
 */
function insertsWhilePostExists<Table extends IndexTable>(
  db: Database,
  table: Table,
  postId: string,
  rows: readonly Table["$inferSelect"][],
): BatchItem<"sqlite">[] {
  const columns = Object.entries(getTableColumns(table));
  return inChunks(rows, { perItem: parametersPerRow(table), fixed: 1 }).map((chunk) => {
    // A row's created_at is its post's (not the time of this write): matching walks the index newest post first.
    const postCreatedAt = sql`(select ${inventoryPosts.createdAt} from ${inventoryPosts} where ${inventoryPosts.id} = ${postId})`;
    const tuples = chunk.map(
      (row) =>
        sql`(${listOf(
          columns.map(([key, column]) =>
            key === "createdAt" ? postCreatedAt : sql.param((row as Record<string, unknown>)[key], column),
          ),
        )})`,
    );
    return db.insert(table).select(sql`
      select * from (values ${sql.join(tuples, sql`, `)})
      where exists (select 1 from ${inventoryPosts} where ${inventoryPosts.id} = ${postId})`);
  });
}

/** Statements that take a post out of matching (sold, expired, deleted). */
export function clearStatements(db: Database, postId: string): BatchItem<"sqlite">[] {
  return [
    db.delete(wantedVehicles).where(eq(wantedVehicles.postId, postId)),
    db.delete(offeredVehicles).where(eq(offeredVehicles.postId, postId)),
  ];
}
