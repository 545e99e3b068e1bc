import type { Label } from '../domain/chooseLabel.js';
import { SKOS } from '../domain/namespaces.js';
import type { Concept, Field, SchemeSummary } from '../domain/Concept.js';
import type { Lookup } from '../lookup/Lookup.js';
import type { LabelMap } from '../lookup/storePath/StoreConcepts.js';

/** A JSKOS resource as this service writes it (https://gbv.github.io/jskos/). */
export type Jskos = Record<string, unknown> & { uri: string };

/** The fields a JSKOS concept is made from. */
export const JSKOS_FIELDS: ReadonlySet<Field> = new Set<Field>(['broader', 'narrowerCount', 'notation', 'scheme']);

/** JSKOS' key for a label without a language tag. */
const NO_LANGUAGE = '-';

/** A language map of single labels (JSKOS prefLabel): the first label of each language. */
function prefLabelMap(labels: readonly Label[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { value, language } of labels) map[language.toLowerCase() || NO_LANGUAGE] ??= value;
  return map;
}

/** A language map of lists (JSKOS altLabel). */
function altLabelMap(labels: readonly Label[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const { value, language } of labels) (map[language.toLowerCase() || NO_LANGUAGE] ??= []).push(value);
  return map;
}

/**
 * Concepts as JSKOS: `uri`, `type`, `prefLabel` and `altLabel` as language maps, `notation`,
 * `inScheme`, `broader`, `narrower` (`[null]`: it has some, not listed; `[]`: none), and the
 * extra fields given (`topConceptOf`, `ancestors`). In the order given.
 */
export async function jskosConcepts(
  concepts: Lookup,
  found: readonly Concept[],
  extra: (concept: Concept) => Record<string, unknown> = () => ({}),
): Promise<Jskos[]> {
  const labels = await concepts.labelMaps(found.map(({ uri }) => uri));
  return found.map((concept) => {
    const map: LabelMap = labels.get(concept.uri) ?? { prefLabel: [], altLabel: [] };
    return {
      uri: concept.uri,
      type: [`${SKOS}Concept`],
      prefLabel: prefLabelMap(map.prefLabel),
      ...(map.altLabel.length === 0 ? {} : { altLabel: altLabelMap(map.altLabel) }),
      ...(concept.notation === undefined || concept.notation.length === 0 ? {} : { notation: concept.notation }),
      inScheme: (concept.scheme ?? []).map(({ uri }) => ({ uri })),
      broader: (concept.broader ?? []).map(({ uri }) => ({ uri })),
      narrower: (concept.narrowerCount ?? 0) > 0 ? [null] : [],
      ...extra(concept),
    };
  });
}

/** A concept scheme as JSKOS. */
export function jskosScheme(scheme: SchemeSummary, labels: LabelMap | undefined): Jskos {
  return {
    uri: scheme.uri,
    type: [`${SKOS}ConceptScheme`],
    prefLabel: labels === undefined || labels.prefLabel.length === 0 ? { [NO_LANGUAGE]: scheme.prefLabel } : prefLabelMap(labels.prefLabel),
    languages: scheme.languages,
    concepts: [null],
    topConcepts: scheme.topConcepts > 0 ? [null] : [],
  };
}
