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
  let best: Label | undefined;
  for (const label of labels) {
    if (best === undefined || rank(label, best, lang) < 0) best = label;
  }
  return best?.value;
}

function rank(a: Label, b: Label, lang: string): number {
  const tier = (label: Label): number => (label.language === lang ? 0 : label.language === '' ? 1 : 2);
  return tier(a) - tier(b) || compareCodePoints(a.language, b.language) || compareCodePoints(a.value, b.value);
}
