import { chooseLabel } from '../../domain/chooseLabel.js';
import { compareCodePoints } from '../../domain/compareCodePoints.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import { narrowerShown, type Concept, type ConceptFields, type Field, type Related } from '../../domain/Concept.js';
import { ancestorsInIndex, narrowerRelated } from './browseInIndex.js';
import { labelOf, shownLabel } from './shownLabel.js';

/**
 * A concept as the contract shows it, from what the label index holds (no store query): the
 * same as `ConceptDetails` makes of `concepts.rq` and `conceptFields.rq`, label for label.
 * `lang` is the chosen language, lower case. Undefined when the index holds no such concept.
 */
export function shownConcept(
  index: LabelIndex,
  uri: string,
  lang: string,
  fields: ReadonlySet<Field>,
  /** The index's default language, in whose browsing order it holds its lists. */
  stored: string,
  /** How many concepts the answer shows: they share its bound of `narrower` entries. */
  listed: number,
): Concept | undefined {
  const concept = index.conceptAt(uri);
  return concept === undefined ? undefined : shownConceptAt(index, concept, lang, fields, stored, listed);
}

/** The labels a concept shows without its scope note: the scope note is decoded only when asked. */
const WITHOUT_NOTES = ['prefLabel', 'rdfsLabel', 'altLabel'] as const;

/** `shownConcept` of the concept of that number. */
export function shownConceptAt(
  index: LabelIndex,
  concept: number,
  lang: string,
  fields: ReadonlySet<Field>,
  stored: string,
  listed: number,
): Concept {
  const labels = index.shownLabels(concept, fields.has('scopeNote') ? undefined : WITHOUT_NOTES);
  const shown: Concept = {
    uri: index.iriOf(concept),
    prefLabel: labelOf(labels, lang),
    // as concepts.rq: altLabels in the chosen language (exactly) or untagged
    altLabels: [
      ...new Set(labels.altLabel.filter((label) => label.language === lang || label.language === '').map((label) => label.value)),
    ].sort(compareCodePoints),
    related: relatedList(index, index.relatedOf(concept), lang),
  };
  if (fields.size === 0) return shown;
  const optIn: ConceptFields = {};
  if (fields.has('ancestors')) optIn.ancestors = ancestorsInIndex(index, concept, lang);
  if (fields.has('broader')) optIn.broader = relatedList(index, index.broaderOf(concept), lang);
  if (fields.has('narrower')) optIn.narrower = narrowerRelated(index, concept, lang, stored, narrowerShown(listed));
  if (fields.has('narrowerCount')) optIn.narrowerCount = index.narrowerOf(concept).length;
  if (fields.has('notation')) optIn.notation = [...new Set(index.notationsOf(concept))].sort(compareCodePoints);
  if (fields.has('scheme')) optIn.scheme = relatedList(index, index.schemeResourcesOf(concept), lang);
  if (fields.has('scopeNote')) optIn.scopeNote = chooseLabel(labels.scopeNote, lang) ?? '';
  return { ...shown, ...optIn };
}

/** The prefLabel a concept shows in `lang` (lower case), by the contract's rule; "" when the index has no such concept or it has none. */
export function prefLabelOf(index: LabelIndex, uri: string, lang: string): string {
  const concept = index.conceptAt(uri);
  return concept === undefined ? '' : shownLabel(index, concept, lang);
}

/** The schemes of a concept (by number), as IRIs. */
export function schemesOf(index: LabelIndex, concept: number): string[] {
  return index.schemeResourcesOf(concept).map((scheme) => index.iriOf(scheme));
}

/** Shown resources as the contract lists linked ones: each once, by label, then URI. */
function relatedList(index: LabelIndex, shown: ArrayLike<number>, lang: string): Related[] {
  const list = [...new Set(Array.from(shown))].map((resource) => ({
    label: shownLabel(index, resource, lang),
    uri: index.iriOf(resource),
  }));
  return list.sort((a, b) => compareCodePoints(a.label, b.label) || compareCodePoints(a.uri, b.uri));
}
