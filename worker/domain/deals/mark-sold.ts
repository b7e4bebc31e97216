import type { PostDetail } from "../../../app/lib/api-types";
import type { UpdatePost } from "../../../app/lib/schemas/inventory";
import type { PostActor } from "../inventory/lifecycle";

type Inventory = {
  getPost(postId: string): Promise<PostDetail>;
  updatePost(postId: string, actor: PostActor, patch: UpdatePost): Promise<PostDetail>;
};

const same = (a: string | null | undefined, b: string) =>
  (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A completed deal marks its vehicle sold on the post it came from, through the inventory's own edit (so
 * the post leaves the matches and turns sold once every vehicle is): the vehicle with the deal's VIN, else
 * the only one, else the first unsold one of the same make and model; a text post without vehicles is sold
 * whole. Nothing changes on a post that is no longer active, or on a Requesting post.
 */
export function markSoldOnPost(inventory: Inventory) {
  return async (postId: string, vehicle: { vin: string | null; make: string; model: string }) => {
    const post = await inventory.getPost(postId).catch(() => null);
    // A Requesting post wants vehicles rather than lists them: there is nothing of it to mark sold.
    if (!post || post.status !== "active" || post.type === "request") return;
    const vehicles = post.vehicles;
    const match =
      vehicles.find((v) => vehicle.vin && v.vin === vehicle.vin) ??
      (vehicles.length === 1 ? vehicles[0] : undefined) ??
      vehicles.find((v) => v.status !== "sold" && same(v.make, vehicle.make) && same(v.model, vehicle.model));
    const patch: UpdatePost | null = match
      ? { vehicles: [{ id: match.id, status: "sold" }] }
      : vehicles.length === 0
        ? { status: "sold" }
        : null;
    if (patch) await inventory.updatePost(postId, { dealerId: post.dealerId, isAdmin: false }, patch);
  };
}
