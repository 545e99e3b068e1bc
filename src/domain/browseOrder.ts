import { compareCodePoints } from './compareCodePoints.js';
import { foldedLabel } from './foldedLetter.js';

/**
 * What places a concept in a browsing list (API.md, "Browsing"): its smallest notation, its
 * prefLabel in the display language (as shown), its URI.
 */
export interface BrowseKey {
  /** The smallest of its notations in code-point order; undefined when it has none. */
  notation: string | undefined;
  /** Its shown prefLabel, folded (`foldedLabel`). */
  folded: string;
  uri: string;
}

/** A key from what a concept shows: its notations (any order) and its prefLabel as chosen. */
export function browseKey(uri: string, notations: Iterable<string>, prefLabel: string): BrowseKey {
  return { notation: smallestNotation(notations), folded: foldedLabel(prefLabel), uri };
}

/**
 * The browsing order: a concept with a notation before one without, by its smallest notation
 * in code-point order (classifications file by notation); then by the folded prefLabel; then
 * by URI. Code-point order throughout, so the index and the store path agree to the letter.
 */
export function compareBrowse(a: BrowseKey, b: BrowseKey): number {
  if (a.notation !== undefined || b.notation !== undefined) {
    if (a.notation === undefined) return 1;
    if (b.notation === undefined) return -1;
    const byNotation = compareCodePoints(a.notation, b.notation);
    if (byNotation !== 0) return byNotation;
  }
  return compareCodePoints(a.folded, b.folded) || compareCodePoints(a.uri, b.uri);
}

/** The smallest of the notations in code-point order, or undefined when there is none. */
export function smallestNotation(notations: Iterable<string>): string | undefined {
  let smallest: string | undefined;
  for (const notation of notations) if (smallest === undefined || compareCodePoints(notation, smallest) < 0) smallest = notation;
  return smallest;
}
