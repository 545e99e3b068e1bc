import { isArticleAnywhere } from '../../domain/filingForm.js';
import { columnScore, type ReconcileQuery } from '../../domain/reconciliation.js';
import { ENTRY_SPAN, type IndexScan } from './IndexScan.js';

/**
 * Whether a label that does not name the query may get a key below `bar`, knowing only its
 * number of words, whether it starts with an article, and how many query words it may match
 * (`matchable`): its score is at most the Dice coefficient of the best pairing that these
 * allow, and at most 99.5 (`ReconcileQuery.score`). The bound is made into a key by the very
 * operations that make a scored label's key (each monotone, so that a bound on the score
 * bounds the key). The cheap tests come first: the words matchable alone, then the label's
 * length, then its first word.
 */
export function keyBound(
  scan: IndexScan,
  query: ReconcileQuery,
): {
  mayEnter: (entry: number, matchable: number, speaking: boolean, bar: number) => boolean;
  /** Whether any label that may match `matchable` query words may get a key below `bar`: the loosest case, entry 0 speaking the column's language. */
  anyMayEnter: (matchable: number, bar: number) => boolean;
} {
  const index = scan.index;
  // the words that are an article in some language, by number: a label's first word is tested without its text
  const articles = new Set<number>();
  for (const article of scan.labelArticles()) {
    const [low, high] = index.wordRange(article, false);
    for (let w = low; w < high; w++) articles.add(w);
  }
  const count = query.words.length;
  const queryLengths = count > 1 && isArticleAnywhere(query.words[0] as string) ? [count, count - 1] : [count];
  // the least key part above the entry number, by matchable words, label length (0: the
  // length that suits each query form best, as many words as it may match) and language
  // (made once each: a label's word count is at most 255, and it may match at most every query word)
  const shortfalls = new Float64Array((count + 1) * 256 * 2).fill(NaN);
  const leastKey = (matchable: number, labelLength: number, speaking: boolean): number => {
    const at = (matchable * 256 + labelLength) * 2 + (speaking ? 0 : 1);
    const kept = labelLength < 256 && matchable <= count;
    let least = kept ? (shortfalls[at] as number) : NaN;
    if (Number.isNaN(least)) {
      const dice = Math.max(
        ...queryLengths.map((a) => {
          const b = labelLength || Math.min(a, matchable);
          return (100 * 2 * Math.min(a, b, matchable)) / (a + b);
        }),
      );
      const score = Math.round(columnScore(Math.min(99.5, dice), false, speaking) * 100) / 100;
      least = (Math.round((100 - score) * 100) * 2 + (speaking ? 0 : 1)) * ENTRY_SPAN;
      if (kept) shortfalls[at] = least;
    }
    return least;
  };
  return {
    mayEnter: (entry, matchable, speaking, bar) => {
      if (leastKey(matchable, 0, speaking) + entry > bar) return false;
      const words = index.wordCount(entry);
      if (leastKey(matchable, words, speaking) + entry <= bar) return true;
      // a label's filing form is a word shorter
      return words > 1 && leastKey(matchable, words - 1, speaking) + entry <= bar && articles.has(index.firstWord(entry));
    },
    anyMayEnter: (matchable, bar) => leastKey(matchable, 0, true) <= bar,
  };
}
