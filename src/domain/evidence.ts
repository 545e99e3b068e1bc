import type { Concept, Field, Related } from './Concept.js';
import { foldedLabel } from './foldedLetter.js';

/** A value a property gives: an IRI, a label, or both (a reconciled cell sends its `id` and `name`). */
export interface PropertyValue {
  iri?: string | undefined;
  label?: string | undefined;
  /** The label folded (domain/foldedLetter), once, for comparing with every candidate's labels. */
  folded?: string | undefined;
}

/** The properties a query may give as evidence, by the concept field each is compared with. */
export type EvidenceProperty = 'scheme' | 'broader' | 'related' | 'notation' | 'prefLabel' | 'altLabels';
export const EVIDENCE: readonly string[] = [
  'scheme',
  'broader',
  'related',
  'notation',
  'prefLabel',
  'altLabels',
] satisfies EvidenceProperty[];

/**
 * A property given with a reconciliation query, with its values. A candidate agrees with it
 * when it agrees with any of the values (`quantifier` any, the default), every one (all), or
 * none of them (none); a `required` property that a candidate does not agree with leaves it
 * out (1.0's conditions), else it only lowers its score.
 */
export interface Evidence {
  pid: EvidenceProperty;
  values: PropertyValue[];
  required?: boolean | undefined;
  quantifier?: 'any' | 'all' | 'none' | undefined;
}

/** The opt-in fields a concept must be shown with for its agreement with `evidence` to be told (prefLabel, altLabels and related are always shown). */
export function evidenceFields(evidence: readonly Evidence[]): ReadonlySet<Field> {
  const fields = new Set<Field>();
  for (const { pid } of evidence) if (pid === 'scheme' || pid === 'broader' || pid === 'notation') fields.add(pid);
  return fields;
}

/**
 * Whether a concept, shown with `evidenceFields` in the query's language, agrees with each
 * property given (in order): one call a candidate of one query, labels folded once for all.
 */
export function agreements(evidence: readonly Evidence[]): (concept: Concept | undefined) => boolean[] {
  const folded = new Map<string, string>();
  const fold = (label: string): string => {
    let text = folded.get(label);
    if (text === undefined) folded.set(label, (text = foldedLabel(label)));
    return text;
  };
  return (concept) => evidence.map((given) => agreesWith(concept, given, fold));
}

/** Whether a concept agrees with a property given: with any of its values, every one, or none, as its quantifier says. */
function agreesWith(concept: Concept | undefined, { pid, values, quantifier = 'any' }: Evidence, fold: (label: string) => string): boolean {
  const each = values.map((value) => concept !== undefined && agrees(concept, pid, value, fold));
  return quantifier === 'all' ? each.every(Boolean) : quantifier === 'none' ? !each.some(Boolean) : each.some(Boolean);
}

/** Whether a concept has a value: by IRI, or by label up to case and diacritics (a notation exactly). */
function agrees(concept: Concept, pid: EvidenceProperty, { iri, label, folded }: PropertyValue, fold: (label: string) => string): boolean {
  const linked = (links: readonly Related[] | undefined): boolean =>
    (links ?? []).some((link) => link.uri === iri || (link.label !== '' && folded !== undefined && fold(link.label) === folded));
  switch (pid) {
    case 'scheme':
      return linked(concept.scheme);
    case 'broader':
      return linked(concept.broader);
    case 'related':
      return linked(concept.related);
    case 'notation':
      return (concept.notation ?? []).some((notation) => label === notation.trim());
    case 'prefLabel':
      return folded !== undefined && fold(concept.prefLabel) === folded;
    case 'altLabels':
      return concept.altLabels.some((alt) => fold(alt) === folded);
  }
}
