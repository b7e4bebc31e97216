import { asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { backfills, vehicles } from "../../db/schema";
import type { BuyOrder } from "#lib/schemas/buy-order";
import type { IndexedPost } from "./match";
import { matchIndexStatements } from "./match-index";

const JOB = "match-index";
/** Posts per batch: their index statements stay well inside one D1 batch. */
const POSTS_PER_BATCH = 50;
/** Posts per cron run, so one run stays far inside a scheduled handler's CPU time. */
const BACKFILL_POSTS_PER_RUN = 5000;

/**
 * Indexes the active posts written before deal alerts existed (migration 0009 queued the job), oldest first,
 * resuming where the last run stopped. Each batch rewrites its posts' index rows and moves the job's
 * position in one D1 batch, so a run cut short repeats nothing and loses nothing. Answers how many posts it
 * indexed; the job's row goes once every post is done.
 */
export async function backfillMatchIndex(db: Database, maxPosts = BACKFILL_POSTS_PER_RUN): Promise<number> {
  let done = 0;
  while (done < maxPosts) {
    const [job] = await db.select().from(backfills).where(eq(backfills.name, JOB));
    if (!job) return done;
    const after =
      job.afterCreatedAt === null
        ? sql`1`
        : sql`(p.created_at, p.id) > (${job.afterCreatedAt}, ${job.afterId ?? ""})`;
    const posts = await db.all<
      Omit<IndexedPost, "buyOrder"> & { createdAt: number; buyOrder: string | null }
    >(sql`
      select p.id as id, p.dealer_id as dealerId, p.type as type, p.status as status, p.title as title,
             p.description as description, nullif(d.state, '') as state, p.created_at as createdAt,
             p.buy_order as buyOrder
      from inventory_posts p join dealers d on d.id = p.dealer_id
      where p.created_at <= ${job.until} and p.status = 'active' and ${after}
      order by p.created_at, p.id
      limit ${Math.min(POSTS_PER_BATCH, maxPosts - done)}`);
    if (posts.length === 0) {
      await db.delete(backfills).where(eq(backfills.name, JOB));
      return done;
    }
    const postVehicles = await db
      .select()
      .from(vehicles)
      .where(
        inArray(
          vehicles.postId,
          posts.map((p) => p.id),
        ),
      )
      .orderBy(asc(vehicles.position));
    const statements: BatchItem<"sqlite">[] = posts.flatMap((post) =>
      matchIndexStatements(
        db,
        { ...post, buyOrder: post.buyOrder ? (JSON.parse(post.buyOrder) as BuyOrder) : null },
        postVehicles.filter((v) => v.postId === post.id),
        { replace: true },
      ),
    );
    const last = posts[posts.length - 1]!;
    statements.push(
      db
        .update(backfills)
        .set({ afterCreatedAt: last.createdAt, afterId: last.id })
        .where(eq(backfills.name, JOB)),
    );
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    done += posts.length;
  }
  return done;
}
