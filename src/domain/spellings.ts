/** Query letters that stand for a letter with a diacritic, which folds to the first letter. */
const DIGRAPHS = ['oe', 'ue', 'ae', 'aa'];
/**
 * Digraphs considered in one query at most, over all its words: 2^4 spellings of the query.
 * The spellings of a query's words combine (the label index looks each combination up), so
 * the budget is the query's, not each word's: a query of many such words stays cheap.
 */
export const MOST_DIGRAPHS = 4;
/**
 * Longer words are taken as typed: no real word needs it, and each spelling is one more
 * alternative in the store path's regular expressions, which a store compiles under limits.
 */
const LONGEST_WORD = 40;

/**
 * The spellings a folded query word stands for: itself, and each `oe`, `ue`, `ae` written as
 * `o`, `u`, `a` (the folded `ö`, `ü`, `ä`) and `aa` as `a` (the folded `å`), as German and
 * Nordic catalogues file them (`oekonomie` also finds `Ökonomie`). The word as typed comes
 * first. At most `most` digraphs are tried both ways, the first ones.
 */
export function spellingsOf(word: string, most: number = MOST_DIGRAPHS): string[] {
  if (word.length > LONGEST_WORD) return [word];
  let spellings = [''];
  let digraphs = 0;
  for (let i = 0; i < word.length;) {
    const pair = word.slice(i, i + 2);
    if (digraphs < most && DIGRAPHS.includes(pair)) {
      digraphs++;
      spellings = spellings.flatMap((start) => [start + pair, start + pair.charAt(0)]);
      i += 2;
    } else {
      const letter = word.charAt(i);
      spellings = spellings.map((start) => start + letter);
      i++;
    }
  }
  return spellings;
}
