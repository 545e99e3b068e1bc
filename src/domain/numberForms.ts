import { primaryLanguage } from './speaks.js';

/**
 * The endings that make a plural of a singular (or the other way) in the languages whose
 * plurals are mostly regular, as folded letters: what a cataloguer's `Library` for
 * `Libraries` differs by. A stem shared by a derivation (`education`, `educational`;
 * `composite`, `composition`) is no number: the match rule (matchRules.ts) trusts a number,
 * never a derivation.
 */
const ENDINGS: Readonly<Record<string, readonly string[]>> = {
  en: ['s', 'es'],
  de: ['e', 'en', 'er', 'n', 's', 'nen'],
  fr: ['s', 'x'],
  es: ['s', 'es'],
  pt: ['s', 'es'],
  nl: ['s', 'en'],
  fi: ['t'],
  sv: ['ar', 'er', 'or'],
};

/** Singular and plural endings that replace each other: `y` and `ies` (English), `o` and `i`, `a` and `e` (Italian). */
const SWAPS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  en: [['y', 'ies']],
  it: [
    ['o', 'i'],
    ['a', 'e'],
    ['e', 'i'],
  ],
};

/** Whether two folded words are one word in two numbers in `tag`'s language: one is the other with a plural ending, or with its singular ending swapped. */
export function inAnotherNumber(a: string, b: string, tag: string): boolean {
  if (a === b) return false;
  const language = primaryLanguage(tag);
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.startsWith(short) && (ENDINGS[language] ?? []).includes(long.slice(short.length))) return true;
  return (SWAPS[language] ?? []).some(
    ([one, many]) =>
      (a.endsWith(one) && b.endsWith(many) && a.slice(0, -one.length) === b.slice(0, -many.length)) ||
      (b.endsWith(one) && a.endsWith(many) && b.slice(0, -one.length) === a.slice(0, -many.length)),
  );
}
