import type { DemoDealer, DemoVehicle } from "../worker/domain/demo-inventory.ts";

/** A generated dealer as both seeders hold it: the demo profile plus its ids and times. */
export type SeededDealer = DemoDealer & {
  id: string;
  accountId: string;
  createdAt: number;
  lastActiveAt: number;
};

/** The `dealers` row of a seeded dealer: one mapping for the demo seed and the benchmark's large network. */
export function dealerRow(d: SeededDealer): Record<string, string | number | boolean | null> {
  return {
    id: d.id,
    account_id: d.accountId,
    first_name: d.firstName,
    last_name: d.lastName,
    name: d.name,
    email: d.email,
    phone: d.phone,
    dealership_name: d.dealershipName,
    dealership_type: d.dealershipType,
    address: d.address,
    city: d.city,
    state: d.state,
    zip_code: d.zipCode,
    country: d.country,
    license_number: d.licenseNumber,
    website: d.website,
    description: d.description,
    profile_type: d.profileType,
    buys_canadian_vehicles: d.buysCanadianVehicles,
    auction_access_number: d.auctionAccessNumber,
    dealership_5mil_number: d.dealership5MilNumber,
    rating: d.rating,
    last_active_at: d.lastActiveAt,
    created_at: d.createdAt,
    updated_at: d.createdAt,
  };
}

/** The `vehicles` row of a seeded vehicle, the `position`-th of its post. */
export function vehicleRow(
  v: DemoVehicle,
  ids: { id: string; postId: string; position: number },
): Record<string, string | number | boolean | null> {
  return {
    id: ids.id,
    post_id: ids.postId,
    position: ids.position,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    trim: v.trim,
    mileage: v.mileage,
    price_cents: v.priceCents,
    city: v.city,
    state: v.state,
    color: v.color,
    status: v.status,
  };
}
