/**
 * The demo's random numbers: a seeded generator and the draws made from it, so the same seed always writes the
 * same demo network.
 */
export type Random = () => number;

/** mulberry32: a tiny seeded PRNG returning [0, 1). The same seed always gives the same sequence. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, list: readonly T[]): T {
  if (list.length === 0) throw new Error("pick() from an empty list");
  return list[Math.floor(random() * list.length)] as T;
}

/** A whole number from min to max, both included. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Picks by weight: weighted(random, [["a", 3], ["b", 1]]) returns "a" three times as often as "b". */
export function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error("weighted() from an empty list");
  return last[0];
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export const chance = (random: Random, probability: number) => random() < probability;

/** A v4-shaped UUID drawn from the seeded generator, so seeded ids are reproducible too. */
export function randomUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = (8 + Math.floor(random() * 4)).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
