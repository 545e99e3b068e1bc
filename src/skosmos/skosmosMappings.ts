import { SKOS } from '../domain/namespaces.js';
import { chooseLabel } from '../domain/chooseLabel.js';
import type { Description } from '../lookup/storePath/StoreConcepts.js';

/** SKOS' mapping properties, as Skosmos lists a concept's mappings. */
const MAPPING_PROPERTIES = ['exactMatch', 'closeMatch', 'broadMatch', 'narrowMatch', 'relatedMatch'].map((name) => `${SKOS}${name}`);

/** A mapping as Skosmos' `mappings` gives it: JSKOS, with the label of the concept mapped to. */
export interface SkosmosMapping {
  uri: string;
  type: string[];
  prefLabel: string;
  from: { memberSet: Array<{ uri: string }> };
  to: { memberSet: Array<{ uri: string }> };
  fromScheme?: { uri: string };
  lang: string;
}

/**
 * The concept's mappings (skos:exactMatch, closeMatch, broadMatch, narrowMatch, relatedMatch
 * to an IRI) from its own statements, each labelled with the prefLabel of the concept mapped
 * to where this service's data has one (in `lang` as `/get` chooses it), else with its IRI,
 * in the order of the properties above and then of the IRIs.
 */
export function mappingsOf(uri: string, description: Description, lang: string, scheme: string | undefined): SkosmosMapping[] {
  const labels = new Map<string, Array<{ value: string; language: string }>>();
  for (const { subject, label } of description.linkedLabels) {
    const list = labels.get(subject) ?? [];
    list.push({ value: label.value, language: label.termType === 'Literal' ? label.language.toLowerCase() : '' });
    labels.set(subject, list);
  }
  const mapped = description.statements
    .filter(({ predicate, object }) => MAPPING_PROPERTIES.includes(predicate.value) && object.termType === 'NamedNode')
    .sort(
      (a, b) =>
        MAPPING_PROPERTIES.indexOf(a.predicate.value) - MAPPING_PROPERTIES.indexOf(b.predicate.value) ||
        (a.object.value < b.object.value ? -1 : a.object.value > b.object.value ? 1 : 0),
    );
  return mapped.map(({ predicate, object }) => ({
    uri,
    type: [predicate.value],
    prefLabel: chooseLabel(labels.get(object.value) ?? [], lang) ?? object.value,
    from: { memberSet: [{ uri }] },
    to: { memberSet: [{ uri: object.value }] },
    ...(scheme === undefined ? {} : { fromScheme: { uri: scheme } }),
    lang,
  }));
}
