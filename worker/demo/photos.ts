/**
 * Which of the demo network's listings show pictures, and where they are stored: most posts that list vehicles
 * get one per vehicle, at the address an upload lands (`uploads/{id}`, served at /objects/uploads/{id}). The
 * seed draws them (scripts/seed-photos.ts).
 */
import { randomUuid, type Random } from "./random.ts";
import { VEHICLE_CATALOGUE, type BodyStyle, type DemoVehicle } from "./vehicles.ts";

/** Share of the listings with vehicles that get pictures: most, not all, as on a real network. */
const ILLUSTRATED_SHARE = 0.85;

export type DemoPhoto = { path: string; vehicle: DemoVehicle; body: BodyStyle };

const bodyOf = (v: DemoVehicle): BodyStyle | null =>
  VEHICLE_CATALOGUE.find((e) => e.make === v.make && e.model === v.model)?.body ?? null;

/**
 * The pictures of one post: one per listed vehicle (those with a colour: a wanted vehicle has none), for most
 * posts that list any; none for buy requests. The post's first photo is its first vehicle.
 */
export function demoPhotosOf(
  random: Random,
  post: { type: string; vehicles: readonly DemoVehicle[] },
): DemoPhoto[] {
  if (post.type === "request") return [];
  const listed = post.vehicles.filter((v) => v.color && bodyOf(v));
  if (listed.length === 0 || random() >= ILLUSTRATED_SHARE) return [];
  return listed.map((v) => ({
    path: `/objects/uploads/${randomUuid(random)}`,
    vehicle: v,
    body: bodyOf(v) as BodyStyle,
  }));
}
