import type { CandidateWord } from '../domain/matchPatterns.js';
import type { SpellingVariants } from './SpellingVariants.js';

/** Virtuoso's text index refuses a wildcard word with fewer leading characters (error FT370). */
const MIN_WILDCARD_LENGTH = 4;

/**
 * The words a query may ask Virtuoso 7.2's text index for, so that it finds every label the
 * regular expressions would: two to 64 letters of the blocks it keeps (KEPT_BY_VIRTUOSO). Its
 * word breaker drops other characters (Ⅷ, 𝔘) and longer words as noise, and glues words joined by
 * a dot into one token (`B.01.05`, `3.5`, `Dr.Smith`): a query for `01` or `3` would miss
 * those labels, so words with digits, and single letters (`B.`, `U.S.A.`), go without it.
 */
const INDEXABLE_WORD = /^\p{L}{2,64}$/u;

/**
 * The Unicode blocks whose letters Virtuoso 7.2's word breaker was seen to keep (Latin,
 * Greek, Cyrillic to U+04FF, Armenian, Hebrew, Arabic, Thai, Georgian, Latin Extended
 * Additional, Greek Extended, kana, CJK ideographs, Hangul). It drops letters of later
 * blocks (Cyrillic Supplement, Cherokee, Lepcha...) as noise, and a text query of noise
 * alone is an error (XM028): words with other letters go without the index.
 */
const KEPT_BY_VIRTUOSO = /^[\u0000-\u04FF\u0530-\u06FF\u0E00-\u0E7F\u10A0-\u10FF\u1E00-\u1FFF\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]+$/;

function indexable(word: string): boolean {
  return INDEXABLE_WORD.test(word) && KEPT_BY_VIRTUOSO.test(word);
}

/**
 * The text query for Virtuoso's `bif:contains` that finds a superset of the labels the
 * query's regular expressions match, so that the index can narrow the candidates and the
 * regular expressions still decide: each usable query word becomes an OR of its folded
 * form and of the spellings with diacritics the labels use, and the words are ANDed.
 *
 * Every word is quoted. Query words are runs of letters, digits and combining marks, so
 * they cannot hold a quote, and a quoted `AND`, `OR` or `NEAR` is a plain word to the
 * index: nothing the user types becomes an operator.
 *
 * A word with a prefix alternative shorter than four characters, or one the index does not
 * keep, cannot use the index; `undefined` when no word can, and the caller then searches
 * without it.
 */
export function virtuosoTextQuery(words: readonly CandidateWord[], variants: SpellingVariants): string | undefined {
  const clauses: string[] = [];
  for (const word of words) {
    const forms = word.flatMap(({ folded, prefix }) =>
      [...new Set([folded, ...(prefix ? variants.prefixes(folded) : variants.exact(folded))])].map((spelling) => ({ spelling, prefix })),
    );
    if (!forms.every(({ spelling }) => indexable(spelling))) continue;
    if (forms.some(({ spelling, prefix }) => prefix && [...spelling].length < MIN_WILDCARD_LENGTH)) continue;
    const alternatives = [...new Set(forms.map(({ spelling, prefix }) => (prefix ? `'${spelling}*'` : `'${spelling}'`)))];
    clauses.push(alternatives.length === 1 ? (alternatives[0] as string) : `(${alternatives.join(' OR ')})`);
  }
  return clauses.length === 0 ? undefined : clauses.join(' AND ');
}
