/**
 * The properties reconciliation knows (docs/openrefine.md, "Reconciliation"): those a query may give to
 * narrow its candidates, and those data extension fetches. Their ids are short names, not
 * IRIs: they name the service's fields, not the store's predicates.
 */
export interface PropertyDefinition {
  id: string;
  name: string;
  description: string;
}

/**
 * Properties a reconciliation query may give (`properties: [{pid, v}]`) besides those data
 * extension fetches, which a query may give too (docs/openrefine.md, "Reconciliation": evidence that
 * raises or lowers a candidate's score).
 */
export const QUERY_PROPERTIES: readonly PropertyDefinition[] = [
  {
    id: 'scheme',
    name: 'Concept scheme',
    description: 'A concept scheme the concept is in (skos:inScheme or skos:topConceptOf): its IRI, or its name.',
  },
  { id: 'broader', name: 'Broader concept', description: 'A broader concept of the concept: its IRI, or its label.' },
  {
    id: 'notation',
    name: 'Notation',
    description: 'A notation of the concept (skos:notation), exactly; alone, it identifies the concept.',
  },
  {
    id: 'lang',
    name: 'Label language',
    description: 'A language tag: match labels in that language (and untagged ones), and name the candidates in it.',
  },
];

/** Properties data extension can fetch (`extend`), in the order proposed. */
export const EXTEND_PROPERTIES: readonly PropertyDefinition[] = [
  { id: 'prefLabel', name: 'Preferred label', description: 'skos:prefLabel in the language of the setting (else by the prefLabel rule).' },
  { id: 'altLabels', name: 'Alternative labels', description: 'skos:altLabel in the language of the setting, and untagged ones.' },
  { id: 'broader', name: 'Broader concepts', description: 'skos:broader, or skos:narrower pointing at the concept.' },
  { id: 'related', name: 'Related concepts', description: 'skos:related, in either direction.' },
  { id: 'notation', name: 'Notations', description: 'skos:notation.' },
  { id: 'scheme', name: 'Concept schemes', description: 'skos:inScheme and skos:topConceptOf.' },
  { id: 'scopeNote', name: 'Scope note', description: 'skos:scopeNote in the language of the setting (else by the prefLabel rule).' },
];

/** Every property, each once (query properties first), for the property suggest service. */
export const ALL_PROPERTIES: readonly PropertyDefinition[] = [
  ...QUERY_PROPERTIES,
  ...EXTEND_PROPERTIES.filter((p) => !QUERY_PROPERTIES.some((q) => q.id === p.id)),
];

/**
 * What the property suggest service offers: every property a query may give to score
 * candidates. The scope note is left out: it scores nothing (OpenRefine offers property
 * suggest in the reconciliation dialog), and data extension still proposes it
 * (`propose_properties`, which OpenRefine's extension dialog lists).
 */
export const SUGGESTED_PROPERTIES: readonly PropertyDefinition[] = ALL_PROPERTIES.filter((p) => p.id !== 'scopeNote');

/** Whether a property's id or a word of its name starts with `prefix` (case-insensitive); an empty prefix matches all. */
export function propertyMatches(property: PropertyDefinition, prefix: string): boolean {
  const wanted = prefix.trim().toLowerCase();
  return (
    wanted === '' ||
    property.id.toLowerCase().startsWith(wanted) ||
    property.name.toLowerCase().startsWith(wanted) ||
    property.name
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(wanted))
  );
}
