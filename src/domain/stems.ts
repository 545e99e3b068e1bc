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
  return stemmerFor(tag)?.stem(word);
}

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
