import { compareCodePoints } from './compareCodePoints.js';

/** A label as read from the store; `language` is lower case, "" for none. */
export interface Label {
  value: string;
  language: string;
}

/**
 * The contract's choice among the labels of one property, for the language `lang` (lower
 * case): the label in that language; failing that, one with no language tag; failing that,
 * the one with the smallest language tag in code-point order. Where the data holds several
 * labels in the chosen language, the smallest value wins, so the choice never depends on
 * the order in which the store answers. `undefined` when there is no label at all.
 */
export function chooseLabel(labels: readonly Label[], lang: string): string | undefined {
  const chosen = chooseLabelAt(
    labels.length,
    (i) => (labels[i] as Label).language,
    (i) => (labels[i] as Label).value,
    lang,
  );
  return chosen < 0 ? undefined : (labels[chosen] as Label).value;
}

/**
 * `chooseLabel`'s choice among `count` labels whose values are costly to make (the index
 * decodes them from their tokens' codes): the languages decide, and a value is made only
 * where two labels tie on theirs. The number of the chosen label; -1 for none.
 */
export function chooseLabelAt(
  count: number,
  languageOf: (label: number) => string,
  valueOf: (label: number) => string,
  lang: string,
): number {
  const tier = (language: string): number => (language === lang ? 0 : language === '' ? 1 : 2);
  let best = -1;
  let bestLanguage = '';
  let bestValue: string | undefined;
  for (let i = 0; i < count; i++) {
    const language = languageOf(i);
    let order = best < 0 ? -1 : tier(language) - tier(bestLanguage) || compareCodePoints(language, bestLanguage);
    if (order === 0) {
      bestValue ??= valueOf(best);
      const value = valueOf(i);
      order = compareCodePoints(value, bestValue);
      if (order < 0) bestValue = value;
    } else if (order < 0) bestValue = undefined;
    if (order < 0) {
      best = i;
      bestLanguage = language;
    }
  }
  return best;
}
