import { chooseLabel, type Label } from '../../domain/chooseLabel.js';
import type { LabelIndex } from '../../index/LabelIndex.js';

/** The contract's label of a resource: a prefLabel by the language rule, failing that an rdfs:label, failing that "". */
export function labelOf(labels: { prefLabel: Label[]; rdfsLabel: Label[] }, lang: string): string {
  return chooseLabel(labels.prefLabel, lang) ?? chooseLabel(labels.rdfsLabel, lang) ?? '';
}

/** The contract's label of a shown resource of the index (`lang` lower case). */
export function shownLabel(index: LabelIndex, shown: number, lang: string): string {
  return labelOf(index.shownLabels(shown, NAMES), lang);
}

/** The kinds a label is chosen from. */
const NAMES = ['prefLabel', 'rdfsLabel'] as const;
