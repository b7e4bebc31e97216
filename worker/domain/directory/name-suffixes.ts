import { sql, type SQL } from "drizzle-orm";
import { and } from "./cards";

/**
 * The dealers whose name or dealership name contains a text, read from `dealer_name_suffixes` (migration 0041):
 * every suffix of three characters or more of every word of the two names, lowered, keyed by dealer id. A text
 * without a space is contained in a name exactly when it begins one of those suffixes, so the matches are one
 * range of the table's key, read in order and only as far as the caller's LIMIT: a count of the first 1 001
 * reads about 1 001 entries, where a walk of the dealers reads 1 001 ÷ (the share that matches) of them.
 */

/** The table keeps no shorter suffix: a shorter text is searched by walking the dealers. */
const SUFFIX_LEAST_CHARACTERS = 3;

/** GLOB's wildcards: a text holding one is searched by walking the dealers, as it is not one range. */
const GLOB_WILDCARD = /[*?[]/;

/** Whether the suffix table answers a contains-search for `text` (already trimmed). */
export const suffixesAnswer = (text: string) =>
  [...text].length >= SUFFIX_LEAST_CHARACTERS && !text.includes(" ") && !GLOB_WILDCARD.test(text);

/** A-Z to a-z and nothing else: what SQLite's lower() wrote into the table, and what LIKE folds. */
const foldedAsLike = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The distinct ids (`id`) of the dealers whose names contain `text` (suffixesAnswer) and that pass `where`, which
 * may read `s.dealer_id` only. GLOB with one trailing * is a range of the key; text compares case-sensitively,
 * both sides folded as LIKE folds.
 */
export const dealersNamedWith = (text: string, where: SQL[]) => sql`
  select distinct s.dealer_id as id from dealer_name_suffixes s
  where s.suffix glob ${`${foldedAsLike(text)}*`} and ${and(where)}`;
