/**
 * A Requesting post as a standing buy order: what its words say, shown back as the buy order's fields, and the
 * dealer's corrected fields turned into the wants the match index holds. Pure code.
 */
import { buyOrderEndsAt, type BuyOrder } from "#lib/schemas/buy-order";
import type { WantedVehicle as Want } from "./match.ts";
import { makeName, modelName, vehicleKeysOf } from "./vehicle-names.ts";

/** The wants of a buy order the dealer set: one per make and model, every ceiling shared. */
export function buyOrderWants(order: BuyOrder): Want[] {
  const wants = new Map<string, Want>();
  for (const vehicle of order.vehicles) {
    const keys = vehicleKeysOf(vehicle.make, vehicle.model ?? "");
    wants.set(`${keys.makeKey}/${keys.modelKey}`, {
      ...keys,
      yearMin: order.years?.from ?? null,
      yearMax: order.years?.to ?? null,
      trim: null,
      maxMileage: order.maxMileage ?? null,
      maxPriceCents: order.maxPrice === undefined ? null : order.maxPrice * 100,
      state: order.states?.length ? order.states.join(",") : null,
      until: order.until ? buyOrderEndsAt(order.until) : null,
    });
  }
  return [...wants.values()];
}

const defined = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);

/**
 * What a post's words want, as one buy order the dealer can correct: every vehicle it names, the widest years,
 * the highest mileage and price ceilings, every state. What the words leave open stays out.
 */
export function buyOrderFromWants(wants: readonly Want[]): BuyOrder {
  const froms = defined(wants.map((w) => w.yearMin));
  const tos = defined(wants.map((w) => w.yearMax));
  const miles = defined(wants.map((w) => w.maxMileage));
  const prices = defined(wants.map((w) => w.maxPriceCents));
  const states = [...new Set(wants.flatMap((w) => (w.state ? w.state.split(",") : [])))];
  const years = {
    ...(froms.length ? { from: Math.min(...froms) } : {}),
    ...(tos.length ? { to: Math.max(...tos) } : {}),
  };
  return {
    ...(froms.length || tos.length ? { years } : {}),
    vehicles: wants.map((w) => ({
      make: makeName(w.makeKey),
      ...(w.modelKey ? { model: modelName(w.makeKey, w.modelKey) } : {}),
    })),
    ...(miles.length ? { maxMileage: Math.max(...miles) } : {}),
    // Whole dollars: a ceiling read as $29,999.50 is $30,000.
    ...(prices.length ? { maxPrice: Math.ceil(Math.max(...prices) / 100) } : {}),
    ...(states.length ? { states: states as BuyOrder["states"] } : {}),
  } as BuyOrder;
}
