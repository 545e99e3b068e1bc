import { FOLDED_MARKS_RUN, foldText, foldedWordPattern } from './foldedLetter.js';

/** One word of a query: folded (lower case, no diacritics), and whether it may be the start of a longer word. */
export interface QueryTerm {
  folded: string;
  prefix: boolean;
}

/**
 * What decides whether a label matches a query and in which rank tier it falls: regular
 * expressions (XPath syntax, run by the store's REGEX with the `i` flag), and the folded
 * query words they were made from (for a store's own text index).
 *
 * A label's words are its runs of letters, digits and combining marks; anything else
 * separates words. The query is split the same way, and folded (case, diacritics, ß/æ/œ).
 */
export interface MatchPatterns {
  terms: QueryTerm[];
  /** One pattern per query word; a label matches when every one of them matches. Empty when the query has no word. */
  words: string[];
  /** The whole label equals the query, up to folding and the separators between words. */
  equal: string;
  /** The label starts with the query, up to folding and separators. */
  start: string;
}

const WORD_CHARACTER = '\\p{L}\\p{N}\\p{M}';
const SEPARATOR = `[^${WORD_CHARACTER}]`;
/**
 * What may stand between two words: a separator, then separators and marks that folding
 * drops (a word of such marks alone folds to nothing, and is no word).
 */
const GAP = `${SEPARATOR}(${SEPARATOR}|${FOLDED_MARKS_RUN.slice(0, -1)})*`;
/** Before the first word: separators and dropped marks. */
const LEAD = `(${SEPARATOR}|${FOLDED_MARKS_RUN.slice(0, -1)})*`;

/** Splits text into words as labels are split: runs of letters, digits and combining marks. */
export function wordsOf(text: string): string[] {
  return [...text.normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((match) => match[0]);
}

/**
 * For /search: every query word must equal a word of the label; a query word ending in
 * `*` needs only to start one. The `*` plays no part in the equal and start patterns.
 */
export function searchPatterns(q: string): MatchPatterns {
  const words = [...q.normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+\*?/gu)].map((match) => match[0]);
  return patterns(words.map((word) => ({ folded: foldText(word.replace(/\*$/, '')), prefix: word.endsWith('*') })));
}

/** For /suggest: every query word must start a word of the label. */
export function suggestPatterns(q: string): MatchPatterns {
  return patterns(wordsOf(q).map((word) => ({ folded: foldText(word), prefix: true })));
}

function patterns(allTerms: QueryTerm[]): MatchPatterns {
  const terms = allTerms.filter(({ folded }) => folded !== ''); // a word of marks that folding drops is no word
  const closed = terms.map(({ folded }) => foldedWordPattern(folded));
  // The last word of "starts with" may end anywhere in a label word, as a prefix word may.
  const open = terms.map(({ folded }) => foldedWordPattern(folded, true));
  const start = `^${LEAD}${[...closed.slice(0, -1), ...open.slice(-1)].join(GAP)}`;
  return {
    terms,
    // a word may begin with marks that folding drops (they follow a letter in every other place)
    words: terms.map(({ prefix }, i) => `(^|${SEPARATOR})${FOLDED_MARKS_RUN}${prefix ? open[i] : `${closed[i]}(${SEPARATOR}|$)`}`),
    equal: `^${LEAD}${closed.join(GAP)}${LEAD}$`,
    start,
  };
}
