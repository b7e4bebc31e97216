import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { acceptedConnectionsOf } from "../connections/accepted";
import type { StatsBook } from "../stats";

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Views, last 30 days": the same window as My Stats' 30-day period. */
const RECENT_VIEWS_DAYS = 30;

export type DealerStats = {
  posts: number;
  activePosts: number;
  soldPosts: number;
  openRequests: number;
  vehiclesListed: number;
  vehiclesAvailable: number;
  vehiclesSold: number;
  totalViews: number;
  uniqueViewers: number;
  commentsReceived: number;
  commentsWritten: number;
  connections: number;
  chats: number;
  messagesSent: number;
  postsThisMonth: number;
  viewsLast30Days: number;
};

/** What the dealer's deleted posts still count for (dealer_archived_stats). */
type Archived = {
  archivedPosts: number;
  archivedSoldPosts: number;
  archivedVehiclesListed: number;
  archivedVehiclesSold: number;
  archivedViews: number;
  archivedCommentsReceived: number;
  archivedCommentsWritten: number;
};

function startOfMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * The all-time figures of /my-stats and the profile's Statistics tab. Post views are one per other dealer who
 * opened a post while it was in the feed, as My Stats' period figures and the cards' view counts (view_count,
 * kept by triggers and the cron's fold) count them: the same number wherever it shows. Post and
 * vehicle figures are read from covering indexes (posts_dealer_idx, vehicles_post_idx, comments_post_idx:
 * migration 0017), so no post, vehicle or comment row is read. Posts the daily cron deleted, and the views it
 * folded into counts once their post left the feed (worker/domain/retention), still count, from the dealer's
 * archived totals and day figures; unique viewers are those of the posts still in the feed. Views counted since
 * My Stats has its own database are read there, beside this statement, and added (a viewer who opened posts
 * before and after it moved counts once in each, until the old table empties).
 */
export async function dealerStatsOf(
  db: Database,
  stats: Pick<StatsBook, "viewFigures">,
  dealerId: string,
  now = Date.now(),
): Promise<DealerStats> {
  const monthStart = startOfMonth(now);
  const recent = now - RECENT_VIEWS_DAYS * DAY_MS;
  const [[row], views] = await Promise.all([
    db.all<DealerStats & Archived>(sql`
    select postFigures.*, vehicleFigures.*, viewFigures.*, archived.*,
      (select count(*) from inventory_posts p join comments c on c.post_id = p.id
         where p.dealer_id = ${dealerId} and c.dealer_id != ${dealerId}) as commentsReceived,
      (select count(*) from comments where dealer_id = ${dealerId}) as commentsWritten,
      (select count(*) from (${acceptedConnectionsOf(dealerId)})) as connections,
      (select count(*) from chat_participants where dealer_id = ${dealerId}) as chats,
      (select coalesce(sum(sent_count), 0) from chat_participants where dealer_id = ${dealerId}) as messagesSent
    from
      (select count(*) as posts,
         coalesce(sum(status = 'active' and type != 'request'), 0) as activePosts,
         coalesce(sum(status = 'sold'), 0) as soldPosts,
         coalesce(sum(status = 'active' and type = 'request'), 0) as openRequests,
         coalesce(sum(created_at >= ${monthStart}), 0) as postsThisMonth
       from inventory_posts where dealer_id = ${dealerId}) as postFigures,
      (select count(*) as vehiclesListed,
         coalesce(sum(v.status = 'available'), 0) as vehiclesAvailable,
         coalesce(sum(v.status = 'sold'), 0) as vehiclesSold
       from inventory_posts p join vehicles v on v.post_id = p.id
       where p.dealer_id = ${dealerId} and p.type != 'request') as vehicleFigures,
      (select count(*) as totalViews,
         count(distinct pv.viewer_id) as uniqueViewers,
         coalesce(sum(pv.created_at >= ${recent}), 0)
           + (select coalesce(sum(post_views), 0) from dealer_day_figures
              where dealer_id = ${dealerId} and day >= ${recent}) as viewsLast30Days
       from inventory_posts p join post_views pv on pv.post_id = p.id
       where p.dealer_id = ${dealerId} and pv.viewer_id <> ${dealerId}) as viewFigures,
      (select coalesce(max(posts), 0) as archivedPosts, coalesce(max(sold_posts), 0) as archivedSoldPosts,
         coalesce(max(vehicles_listed), 0) as archivedVehiclesListed,
         coalesce(max(vehicles_sold), 0) as archivedVehiclesSold, coalesce(max(views), 0) as archivedViews,
         coalesce(max(comments_received), 0) as archivedCommentsReceived,
         coalesce(max(comments_written), 0) as archivedCommentsWritten
       from dealer_archived_stats where dealer_id = ${dealerId}) as archived`),
    stats.viewFigures(dealerId, recent),
  ]);
  if (!row) throw new Error("stats query answered nothing");
  const {
    archivedPosts,
    archivedSoldPosts,
    archivedVehiclesListed,
    archivedVehiclesSold,
    archivedViews,
    archivedCommentsReceived,
    archivedCommentsWritten,
    ...live
  } = row;
  return {
    ...live,
    posts: live.posts + archivedPosts,
    soldPosts: live.soldPosts + archivedSoldPosts,
    vehiclesListed: live.vehiclesListed + archivedVehiclesListed,
    vehiclesSold: live.vehiclesSold + archivedVehiclesSold,
    totalViews: live.totalViews + archivedViews + views.totalViews,
    uniqueViewers: live.uniqueViewers + views.uniqueViewers,
    viewsLast30Days: live.viewsLast30Days + views.viewsSince,
    commentsReceived: live.commentsReceived + archivedCommentsReceived,
    commentsWritten: live.commentsWritten + archivedCommentsWritten,
  };
}
