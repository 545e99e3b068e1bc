import { candidateWord, type CandidateWord } from '../../domain/matchPatterns.js';
import type { RankQuery } from '../../domain/ranking.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import { languageBit } from '../../index/LabelIndexData.js';
import type { IndexScan, OtherWords } from './IndexScan.js';

/** Words of the index by number, each with the languages (by number) in which it shares a stem with the query's; none: in every language. */
export type WordsIn = Array<{ w: number; languages?: Uint8Array | undefined }>;

/** The words of the index that may match one query word: those equal to it (in any language), and the others. */
export interface WordMatches {
  equal: number[];
  /** Sharing its stem in the languages given with each, or started by a `*` word (no languages). */
  other: WordsIn;
}

/**
 * What one /search reads of the label index, worked out from the query and the index's words
 * before any label is read (searchInIndex.ts says how the reading goes): the query's candidate
 * words, and for step 1 the words that may start a label of tiers 1 and 2.
 */
export interface SearchPlan {
  /** The language tags a label may be in: the filter's (and untagged), else every one. */
  languages: readonly string[];
  candidates: CandidateWord[];
  /** Query words before the first candidate word: 1 for a leading article, else 0. */
  skipped: number;
  /** Step 1: the words that may match the first query word (or, after an article, that word or the article), as tiers 1 and 2 allow. */
  first: WordMatches;
  /** Every candidate word, as bytes: what a label read in step 1 must hold. */
  all: OtherWords;
  /** The articles (of any language) that some label of the index starts with. */
  articles: readonly string[];
}

/** Step 2's part of the plan: the rarest candidate word's matches, and the other candidate words (what a label must also hold). */
export interface RarestPlan {
  matches: WordMatches;
  rest: OtherWords;
}

/** The plan of a /search (`SearchPlan`) of a query with words, in the labels of `lang` (and untagged ones), else of every language. */
export function planSearch(scan: IndexScan, query: RankQuery, lang: string | undefined): SearchPlan {
  const { index } = scan;
  const languages = lang === undefined ? index.languages : [lang, ''];
  // every word's alternatives, a leading article's too (candidateWords leaves it out: the candidates do)
  const words = query.words.map((_, i) => candidateWord(query, i, languages));
  const skipped = query.mayDropArticle ? 1 : 0;
  const candidates = words.slice(skipped);
  const first = wordMatches(index, query, languages, skipped, candidates[0] as CandidateWord, true);
  if (skipped === 1) {
    const article = wordMatches(index, query, languages, 0, words[0] as CandidateWord, true);
    first.equal.push(...article.equal);
    first.other.push(...article.other);
  }
  return { languages, candidates, skipped, first, all: scan.otherWords(candidates, -1), articles: scan.labelArticles() };
}

/** Step 2's plan (`RarestPlan`): made only where step 1 read its streams whole. */
export function planRarest(scan: IndexScan, query: RankQuery, plan: SearchPlan): RarestPlan {
  const { candidates, skipped, languages } = plan;
  const rarest = scan.rarest(candidates);
  return {
    matches: wordMatches(scan.index, query, languages, rarest + skipped, candidates[rarest] as CandidateWord, false),
    rest: scan.otherWords(candidates, rarest),
  };
}

/**
 * The words of the index that may match query word `i`, by its alternatives (`WordMatches`).
 * `whole`: only as a word of tiers 1 and 2 may match (equal, or sharing its stem).
 */
function wordMatches(
  index: LabelIndex,
  query: RankQuery,
  languages: readonly string[],
  i: number,
  word: CandidateWord,
  whole: boolean,
): WordMatches {
  const equal = new Set<number>();
  const other = new Map<number, Uint8Array | undefined>();
  for (const alternative of word) {
    const [low, high] = index.wordRange(alternative.folded, alternative.prefix);
    const among = alternative.languages ?? languages;
    for (let w = low; w < high; w++) {
      if (equal.has(w) || other.has(w)) continue;
      const text = index.word(w);
      // equal and prefix are so in every language (a label without a tag has no stemmer); a stem, in some
      const relation = query.relation(i, text, '');
      if (relation === 'equal') equal.add(w);
      else if (relation === 'prefix') {
        if (!whole) other.set(w, undefined);
      } else {
        // the languages of the index in which `text` shares a stem with query word `i`, among
        // those of the labels that hold it: only their entries are read, so a word that only
        // untagged labels hold (most of an authority file's) is stemmed in no language
        const held = index.wordLanguages(w);
        const stemmedIn = Uint8Array.from(index.languages, (language, n) => {
          if ((held & languageBit(n)) === 0) return 0;
          const r = query.relation(i, text, language);
          return r === 'equal' || r === 'stem' ? 1 : 0;
        });
        if (stemmedIn.includes(1) && among.some((language) => query.relation(i, text, language) === 'stem')) other.set(w, stemmedIn);
      }
    }
  }
  return { equal: [...equal], other: [...other].filter(([w]) => !equal.has(w)).map(([w, languages]) => ({ w, languages })) };
}
