import type { Label } from './chooseLabel.js';
import { foldedLabel } from './foldedLetter.js';
import type { LabelMatch, ReconcileQuery } from './reconciliation.js';

/**
 * The label a reconciliation candidate was found by, and how it matched the name: what its
 * features show and what the match rule (matchRules.ts) reads. `exact` where the label is the
 * name as typed (spaces at either end aside); otherwise `ReconcileQuery.explain`'s.
 */
export interface MatchedLabel {
  /** The label as the data gives it (its folded text where it is a hidden label, which is never shown). */
  label: string;
  /** Its language tag, lower case; '' for none. */
  language: string;
  /** The property it is a value of. */
  kind: 'prefLabel' | 'altLabel' | 'rdfsLabel' | 'hiddenLabel';
  how: LabelMatch['how'] | 'exact';
  unpaired: number;
  stems: number;
  derived: number;
  typos: number;
}

/** The kinds a matched label is looked for among, in this order (most best labels are prefLabels). */
const KINDS = ['prefLabel', 'altLabel', 'rdfsLabel'] as const;

/**
 * How the label whose folded words are `words` (in `language`) matched `query`; `labelsOf`
 * gives the concept's labels of a kind as written, asked kind by kind until one folds to it.
 */
export function matchedLabel(
  query: ReconcileQuery,
  q: string,
  words: readonly string[],
  language: string,
  labelsOf: (kind: (typeof KINDS)[number]) => readonly Label[],
): MatchedLabel {
  const folded = words.join(' ');
  let label = folded;
  let kind: MatchedLabel['kind'] = 'hiddenLabel';
  search: for (const each of KINDS)
    for (const entry of labelsOf(each))
      if (entry.language === language && foldedLabel(entry.value) === folded) {
        [label, kind] = [entry.value, each];
        break search;
      }
  const explained = query.explain(words, language);
  return { label, language, kind, ...explained, how: kind !== 'hiddenLabel' && label === q.trim() ? 'exact' : explained.how };
}
