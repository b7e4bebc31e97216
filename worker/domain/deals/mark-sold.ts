import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { UpdatePost } from "#lib/schemas/inventory";
import type { Database } from "../../db/client";
import { editStatements, type EditedVehicle, type PostChange, type StoredPost } from "../inventory/lifecycle";

/**
 * The deal's post as marking its vehicle sold needs it, as columns of the deal's own read (`from deals d`):
 * the post, its dealer's state and its vehicles (JSON, in no particular order: `position` orders them).
 * Null columns when the deal has no post or the post is gone.
 */
export const DEAL_POST_COLUMNS = sql`
  dp.id as postOfDealId, dp.dealer_id as postDealerId, dp.type as postType, dp.status as postStatus,
  dp.title as postTitle, dp.description as postDescription, dpd.state as postDealerState,
  (select json_group_array(json_object(
      'id', v.id, 'position', v.position, 'vin', v.vin, 'year', v.year, 'make', v.make, 'model', v.model,
      'trim', v.trim, 'mileage', v.mileage, 'priceCents', v.price_cents, 'state', v.state, 'status', v.status))
    from vehicles v where v.post_id = dp.id) as postVehicles`;

export const DEAL_POST_JOINS = sql`
  left join inventory_posts dp on dp.id = d.post_id
  left join dealers dpd on dpd.id = dp.dealer_id`;

export type DealPostColumns = {
  postOfDealId: string | null;
  postDealerId: string | null;
  postType: string | null;
  postStatus: string | null;
  postTitle: string | null;
  postDescription: string | null;
  postDealerState: string | null;
  postVehicles: string | null;
};

type DealVehicle = EditedVehicle & { position: number; vin: string | null };

/** The post and its vehicles (in their order) from the deal's row; null when the deal names no post that exists. */
function postOf(row: DealPostColumns): { post: StoredPost; vehicles: DealVehicle[] } | null {
  if (!row.postOfDealId || !row.postDealerId) return null;
  const vehicles = (JSON.parse(row.postVehicles ?? "[]") as DealVehicle[]).sort(
    (a, b) => a.position - b.position,
  );
  return {
    post: {
      id: row.postOfDealId,
      dealerId: row.postDealerId,
      type: row.postType ?? "",
      status: row.postStatus ?? "",
      title: row.postTitle ?? "",
      description: row.postDescription ?? "",
      dealerState: row.postDealerState ?? "",
    },
    vehicles,
  };
}

const same = (a: string | null | undefined, b: string) =>
  (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/** The post's vehicle a deal is about: the one with its VIN, else the only one, else the first `eligible` one of its make and model. */
function dealVehicleOf(
  vehicles: DealVehicle[],
  vehicle: { vin: string | null; make: string; model: string },
  eligible: (v: DealVehicle) => boolean,
): DealVehicle | undefined {
  return (
    vehicles.find((v) => vehicle.vin && v.vin === vehicle.vin) ??
    (vehicles.length === 1 ? vehicles[0] : undefined) ??
    vehicles.find((v) => eligible(v) && same(v.make, vehicle.make) && same(v.model, vehicle.model))
  );
}

/**
 * A completed deal marks its vehicle sold on the post it came from, as the post's own edit would (so the post
 * leaves the matches and turns sold once every vehicle is): the vehicle with the deal's VIN, else the only one,
 * else the first unsold one of the same make and model; a text post without vehicles is sold whole. Nothing
 * changes on a post that is no longer active, or on a Requesting post. Answers the edit's statements, for the
 * completion's own batch, and what it changed (for the deal alerts an edit sets off); null when nothing changes.
 */
export function markSoldStatements(
  db: Database,
  row: DealPostColumns,
  vehicle: { vin: string | null; make: string; model: string },
  now: number,
): (PostChange & { postId: string; statements: BatchItem<"sqlite">[] }) | null {
  const found = postOf(row);
  // A Requesting post wants vehicles rather than lists them: there is nothing of it to mark sold.
  if (!found || found.post.status !== "active" || found.post.type === "request") return null;
  const { post, vehicles } = found;
  const match = dealVehicleOf(vehicles, vehicle, (v) => v.status !== "sold");
  const patch: UpdatePost | null = match
    ? { vehicles: [{ id: match.id, status: "sold" }] }
    : vehicles.length === 0
      ? { status: "sold" }
      : null;
  if (!patch) return null;
  return { postId: post.id, ...editStatements(db, post, vehicles, patch, now) };
}

/**
 * An unwound deal lists its vehicle again on the post it came from: the vehicle with the deal's VIN, else the
 * only one, else the first pending or sold one of the same make and model, turns available; the post is live
 * again for a fresh 30 days, whether it had sold or expired meanwhile (the seller still owns the vehicle and
 * wants it sold). A Requesting post, or a post gone, changes nothing. Null when nothing changes.
 */
export function relistStatements(
  db: Database,
  row: DealPostColumns,
  vehicle: { vin: string | null; make: string; model: string },
  now: number,
): (PostChange & { postId: string; statements: BatchItem<"sqlite">[] }) | null {
  const found = postOf(row);
  if (!found || found.post.type === "request") return null;
  const { post, vehicles } = found;
  const match = dealVehicleOf(vehicles, vehicle, (v) => v.status !== "available");
  const patch: UpdatePost = match
    ? { vehicles: [{ id: match.id, status: "available" }], renew: true }
    : { renew: true };
  return { postId: post.id, ...editStatements(db, post, vehicles, patch, now) };
}
