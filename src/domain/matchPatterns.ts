import { FOLDED_MARKS_RUN, foldText, foldedWordPattern } from './foldedLetter.js';
import type { QueryTerm } from './QueryTerm.js';
import { WORD_CHARACTERS, wordsOf } from './wordsOf.js';
import type { RankQuery } from './ranking.js';
import { STEMMED_LANGUAGES, hasStemmer, stemStart } from './stems.js';

export type { QueryTerm };

/**
 * What a label must hold to be a candidate for a query: for each candidate word, a label
 * word that one of its alternatives equals (or starts, for a prefix alternative). Every
 * label that `RankQuery.match` accepts is a candidate; `RankQuery.match` then decides.
 * The label index looks the alternatives up in its word list; the store's queries match
 * them with `candidatePatterns`.
 */
export type CandidateWord = CandidateTerm[];

/**
 * One alternative of a candidate word. `languages`: for the start of a stem, the languages in
 * which words starting with it may share the query word's stem (the only ones a scan of the
 * words it starts needs to stem them in); undefined for a spelling, which a word equals or
 * starts in any language.
 */
export interface CandidateTerm extends QueryTerm {
  languages?: readonly string[] | undefined;
}

const SEPARATOR = `[^${WORD_CHARACTERS}]`;

/**
 * /search's query words: a word ending in `*` may start a longer word. Words that fold to
 * nothing (marks alone) are no words.
 */
export function searchTerms(q: string): QueryTerm[] {
  const words = [...q.normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+\*?/gu)].map((match) => match[0]);
  return words
    .map((word) => ({ folded: foldText(word.replace(/\*$/, '')), prefix: word.endsWith('*') }))
    .filter(({ folded }) => folded !== '');
}

/** /suggest's query words: each may start a longer word. */
export function suggestTerms(q: string): QueryTerm[] {
  return wordsOf(q)
    .map((word) => ({ folded: foldText(word), prefix: true }))
    .filter(({ folded }) => folded !== '');
}

/**
 * The candidate words of a query. A first word that is an article in some language is left
 * out when more words follow (a label may match the query's filing form without it). Each
 * word's alternatives are its spellings (`spellingsOf`), and for a /search word (not a `*`
 * one) what the words sharing its stem start with in each of `languages` (`stemStart`); an
 * alternative another covers is dropped.
 */
export function candidateWords(query: RankQuery, languages: readonly string[] = STEMMED_LANGUAGES): CandidateWord[] {
  const first = query.mayDropArticle ? 1 : 0;
  return query.words.slice(first).map((_, i) => candidateWord(query, first + i, languages));
}

/** The alternatives of query word `i` (as `candidateWords` gives them, also for a leading article it leaves out). */
export function candidateWord(query: RankQuery, i: number, languages: readonly string[] = STEMMED_LANGUAGES): CandidateWord {
  const word = query.words[i] as (typeof query.words)[number];
  const stemmed = query.endpoint === 'search' ? [...new Set(languages.filter((language) => language !== '' && hasStemmer(language)))] : [];
  const open = query.endpoint === 'suggest' || word.prefix;
  const alternatives: CandidateTerm[] = word.spellings.map((folded) => ({ folded, prefix: open }));
  for (const spelling of open ? [] : word.spellings) {
    for (const language of stemmed) {
      const start = stemStart(spelling, language)?.start;
      if (start !== undefined) alternatives.push({ folded: start, prefix: true, languages: [language] });
    }
  }
  return coverOf(alternatives);
}

/**
 * The alternatives without those another one covers (an open `fl` covers `fli`, `flies`); the
 * start of a stem that covers another takes its languages too.
 */
function coverOf(alternatives: readonly CandidateTerm[]): CandidateTerm[] {
  const sorted = [...alternatives].sort(
    (a, b) =>
      a.folded.length - b.folded.length ||
      Number(b.prefix) - Number(a.prefix) ||
      Number(a.languages !== undefined) - Number(b.languages !== undefined),
  );
  const kept: CandidateTerm[] = [];
  for (const alternative of sorted) {
    const cover = kept.findIndex(
      (other) => other.folded === alternative.folded || (other.prefix && alternative.folded.startsWith(other.folded)),
    );
    if (cover === -1) kept.push(alternative);
    else {
      // a spelling it covers needs no language (equal and prefix words are so in any); a stem's start, its own
      const other = kept[cover] as CandidateTerm;
      if (other.languages !== undefined && alternative.languages !== undefined)
        kept[cover] = { ...other, languages: [...new Set([...other.languages, ...alternative.languages])] };
    }
  }
  return kept;
}

/**
 * One regular expression per candidate word (XPath syntax, run by the store's REGEX with
 * the `i` flag): the label has a word that one of the alternatives equals or starts,
 * whatever its case and diacritics. A label's words are its runs of letters, digits and
 * combining marks; anything else separates words.
 */
export function candidatePatterns(words: readonly CandidateWord[]): string[] {
  return words.map((alternatives) => {
    const forms = alternatives.map(({ folded, prefix }) =>
      prefix ? foldedWordPattern(folded, true) : `${foldedWordPattern(folded)}(${SEPARATOR}|$)`,
    );
    // a word may begin with marks that folding drops (they follow a letter in every other place)
    return `(^|${SEPARATOR})${FOLDED_MARKS_RUN}(${forms.join('|')})`;
  });
}
