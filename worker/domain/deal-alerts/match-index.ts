import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { offeredVehiclesOf, wantedVehiclesOf, type PostVehicleFacts } from "../../../app/lib/matching/match";
import type { Database } from "../../db/client";
import { offeredVehicles, wantedVehicles } from "../../db/schema";
import { newId } from "../ids";

/**
 * The match index (issue 11): wanted_vehicles for an active Requesting post, offered_vehicles for an active
 * For Sale post, derived by app/lib/matching from the post's vehicles and words. Written in the same D1 batch
 * as the post itself, and rewritten whenever the post, its vehicles or its status change.
 */
export type IndexedPost = {
  id: string;
  dealerId: string;
  type: string;
  status: string;
  title: string;
  description: string;
  /** Where the post's vehicles are when they do not say (the dealer's state). */
  state: string | null;
};

/** Rows per insert: 13 columns each stays under D1's 100 bound parameters. */
const ROWS_PER_STATEMENT = 7;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The index rows of one post; none unless it is active. */
export function matchIndexRows(post: IndexedPost, vehicles: readonly PostVehicleFacts[], now = Date.now()) {
  if (post.status !== "active") return { wanted: [], offered: [] };
  const facts = { title: post.title, description: post.description, vehicles };
  if (post.type === "request") {
    return {
      wanted: wantedVehiclesOf(facts).map((w) => ({
        id: newId(),
        postId: post.id,
        dealerId: post.dealerId,
        createdAt: now,
        ...w,
      })),
      offered: [],
    };
  }
  return {
    wanted: [],
    offered: offeredVehiclesOf({ ...facts, state: post.state }).map((o) => ({
      id: newId(),
      postId: post.id,
      dealerId: post.dealerId,
      createdAt: now,
      ...o,
    })),
  };
}

/** Statements that (re)write a post's index rows; `replace` clears the old ones first. */
export function matchIndexStatements(
  db: Database,
  post: IndexedPost,
  vehicles: readonly PostVehicleFacts[],
  options: { replace: boolean; now?: number },
): BatchItem<"sqlite">[] {
  const { wanted, offered } = matchIndexRows(post, vehicles, options.now);
  const statements: BatchItem<"sqlite">[] = [];
  if (options.replace) statements.push(...clearStatements(db, post.id));
  for (const rows of chunks(wanted, ROWS_PER_STATEMENT))
    statements.push(db.insert(wantedVehicles).values(rows));
  for (const rows of chunks(offered, ROWS_PER_STATEMENT))
    statements.push(db.insert(offeredVehicles).values(rows));
  return statements;
}

/** Statements that take a post out of matching (sold, expired, deleted). */
export function clearStatements(db: Database, postId: string): BatchItem<"sqlite">[] {
  return [
    db.delete(wantedVehicles).where(eq(wantedVehicles.postId, postId)),
    db.delete(offeredVehicles).where(eq(offeredVehicles.postId, postId)),
  ];
}
