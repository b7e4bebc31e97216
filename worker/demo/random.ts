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

const HEX = "0123456789abcdef";

/**
 * A v4-shaped UUID drawn from the seeded generator, so seeded ids are reproducible too: 32 hex digits drawn in
 * order (the version digit's draw and the variant digit's first draw discarded), then the variant digit. Built
 * as one string: the national bench network draws ~12 M of them, where an array per id cost a third of its
 * generation time.
 */
export function randomUuid(random: Random): string {
  let head = "";
  for (let i = 0; i < 16; i++) {
    const digit = HEX[Math.floor(random() * 16)]!;
    head += i === 12 ? "4" : digit;
    if (i === 7 || i === 11) head += "-";
  }
  random();
  let tail = "";
  for (let i = 17; i < 32; i++) {
    tail += HEX[Math.floor(random() * 16)]!;
    if (i === 19) tail += "-";
  }
  return `${head}-${HEX[8 + Math.floor(random() * 4)]!}${tail}`;
}
