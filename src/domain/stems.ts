import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { primaryLanguage } from './speaks.js';

/** The Snowball stemmer of each language (ISO 639-1 code) that has one. */
const ALGORITHMS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  hu: 'hungarian',
  it: 'italian',
  ga: 'irish',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  es: 'spanish',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

const stemmers = new Map<string, Stemmer | null>();

function stemmerFor(tag: string): Stemmer | undefined {
  const language = primaryLanguage(tag);
  let stemmer = stemmers.get(language);
  if (stemmer === undefined) {
    const algorithm = ALGORITHMS[language];
    stemmer = algorithm === undefined ? null : newStemmer(algorithm);
    stemmers.set(language, stemmer);
  }
  return stemmer ?? undefined;
}

/** Whether labels in language `tag` (lower case) are stemmed; untagged labels are not. */
export function hasStemmer(tag: string): boolean {
  return tag !== '' && stemmerFor(tag) !== undefined;
}

/** The languages that have a stemmer (primary subtags). */
export const STEMMED_LANGUAGES: readonly string[] = Object.keys(ALGORITHMS);

/**
 * The Snowball stem of a folded word in language `tag`, or undefined when the language has
 * none. Words are stemmed as folded (lower case, without diacritics), the form in which the
 * service holds and compares them: a query typed without accents stems as the label does.
 */
export function stemOf(word: string, tag: string): string | undefined {
  if (tag === '') return undefined;
  const key = `${tag}\u0000${word}`;
  const known = stemsMade.get(key);
  if (known !== undefined) return known === null ? undefined : known;
  const stem = stemmerFor(tag)?.stem(word);
  // a full memo is dropped whole: simpler than an LRU, and a column's words soon fill it again
  if (stemsMade.size >= MOST_STEMS_KEPT) stemsMade.clear();
  stemsMade.set(key, stem ?? null);
  return stem;
}

/**
 * Stems made, by language and word (null: the language has no stemmer), at most this many.
 * A Snowball stem costs microseconds: a word held by thousands of a query's candidate labels
 * is stemmed once, not once a label (that took seconds for a rare word at millions of
 * labels), and the words of a reconciled column's names, which repeat, once for the column
 * (a fifth of its time at 2 million concepts). A column of long multilingual names asks for
 * a few thousand stems a name: 65,536 turned over every few names, and four times that took
 * the real-label shape's column from 16.5 to 13.7 s in the index alone (benchmark history,
 * "Reconciled columns"). 73 bytes an entry measured: some 19 MB a thread at most.
 */
const MOST_STEMS_KEPT = 262_144;
const stemsMade = new Map<string, string | null>();

/** A word is compared by stem only where every word of its stem starts with this many letters. */
const SHORTEST_STEM_START = 3;

/**
 * What every word sharing the folded `word`'s stem in language `tag` starts with: the stem
 * less its last letter, which Snowball may have changed (`fli` for `flies` and `fly`, `hop`
 * for `hope` and `hoping`), as far as it agrees with `word`; where that is shorter than three
 * letters, the whole stem when `word` starts with it (`pie` for `pies`, `cat` for `cats`: a
 * short stem's words that Snowball changed at its last letter go unfound).
 * Undefined where the word is not compared by stem: a language without a stemmer, or no
 * start of three letters (`ka`, `tal`: a stem of one or two letters would find half the
 * vocabulary).
 */
export function stemStart(word: string, tag: string): { stem: string; start: string } | undefined {
  const stem = stemOf(word, tag);
  if (stem === undefined) return undefined;
  const stemLetters = [...stem];
  const letters = [...word];
  let common = 0;
  while (common < stemLetters.length && stemLetters[common] === letters[common]) common++;
  const start = Math.min(common, stemLetters.length - 1);
  if (start >= SHORTEST_STEM_START) return { stem, start: letters.slice(0, start).join('') };
  return common === stemLetters.length && common >= SHORTEST_STEM_START ? { stem, start: stem } : undefined;
}
