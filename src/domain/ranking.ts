/**
 * The contract's ranking rules for /search and /suggest, in one place for the label index.
 * The store's own queries (`queries/*\/search.rq`, `suggest.rq`) write the same rules in
 * SPARQL, which cannot import them; `test/index/LabelIndex.test.ts` holds the two to the
 * same answers on random vocabularies and queries.
 *
 * A concept ranks by its best label's key; equal keys go by URI (code point order).
 *
 * /suggest, tiers: 1 a prefLabel starts with the query, 2 an alt/hidden label does, 3 other
 * prefLabels in which every query word starts a word, 4 other alt/hidden labels; within a
 * tier, the shorter label first. (The label index keeps its entries in exactly this order,
 * prefLabels first, then by length, then by URI, and reads a page off the front.)
 */

/** The span of one tier's keys: wider than any label's length key. */
const TIER = 1e10;

/** How a label matched a /search query. */
export type SearchMatch = 'equals' | 'starts' | 'words';

/**
 * /search, tiers: 1 prefLabel equals the query, 2 an alt/hidden label does, 3 prefLabel
 * starts with it, 4 an alt/hidden label does, 5 the rest; within a tier the shorter label
 * (in code points), then prefLabel before the others.
 */
export function searchKey(match: SearchMatch, pref: boolean, length: number): number {
  const tier = match === 'equals' ? (pref ? 1 : 2) : match === 'starts' ? (pref ? 3 : 4) : 5;
  return tier * TIER + length * 10 + (pref ? 0 : 1);
}

/** /search: a notation equal to `q` ranks in the last tier, as a label of `q`'s length that is not a prefLabel. */
export function notationKey(length: number): number {
  return searchKey('words', false, length);
}
