import type { Concept, Field } from '../domain/Concept.js';
import { SKOS } from '../domain/namespaces.js';
import type { Browsed, SkosmosRelated } from './skosmosConcept.js';
import type { LabelCount } from '../lookup/storePath/StoreConcepts.js';
import type { Vocabulary } from './SkosmosVocabularies.js';

/**
 * The JSON-LD shapes of the Skosmos REST API's answers (docs/skosmos.md), as Skosmos writes
 * them: each method's `@context` and body, from what its route found. Nothing here reads a
 * request or the vocabulary.
 */

const SKOS_PREFIX = SKOS;
const ONKI = 'http://schema.onki.fi/onki#';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const COLLECTION = `${SKOS}Collection`;
const CONTEXT = { skos: SKOS_PREFIX, uri: '@id', type: '@type' };
const LABEL_CONTEXT = { prefLabel: 'skos:prefLabel', altLabel: 'skos:altLabel', hiddenLabel: 'skos:hiddenLabel' };

/** `vocabularies`: every vocabulary with its title in `language`. */
export function vocabulariesBody(all: readonly Vocabulary[], language: string): object {
  return {
    '@context': {
      rdfs: RDFS,
      onki: ONKI,
      title: { '@id': 'rdfs:label', '@language': language },
      vocabularies: 'onki:hasVocabulary',
      id: 'onki:vocabularyIdentifier',
      uri: '@id',
    },
    uri: '',
    vocabularies: all.map(({ id, title }) => ({ uri: id, id, title })),
  };
}

/** `types`: the one type of this service's concepts. */
export function typesBody(): object {
  return {
    '@context': { ...CONTEXT, rdfs: RDFS, onki: ONKI, label: 'rdfs:label', types: 'onki:hasType' },
    uri: '',
    types: [{ uri: `${SKOS}Concept`, label: 'Concept' }],
  };
}

/** One result of `search`, as Skosmos gives it. */
export interface SearchHit {
  concept: Concept;
  /** Its label in the results' language. */
  prefLabel: string;
  /** The id of the vocabulary it was found in. */
  vocab: string | undefined;
  /** The altLabel the query found, where its prefLabel would not have (matchedAltLabel). */
  altLabel?: string | undefined;
}

/** `search`: the results, their labels in `labellang`, with the extra `fields` asked. */
export function searchBody(hits: readonly SearchHit[], lang: string, labellang: string | undefined, fields: ReadonlySet<Field>): object {
  return {
    '@context': {
      ...CONTEXT,
      isothes: 'http://purl.org/iso25964/skos-thes#',
      onki: ONKI,
      results: { '@id': 'onki:results', '@container': '@list' },
      ...LABEL_CONTEXT,
      ...Object.fromEntries([...fields].map((field) => [field, `skos:${field}`])),
      ...(labellang === undefined ? {} : { '@language': labellang }),
    },
    uri: '',
    results: hits.map(({ concept, prefLabel, vocab, altLabel }) => {
      const notation = concept.notation?.[0];
      return {
        uri: concept.uri,
        type: ['skos:Concept'],
        ...(fields.has('broader') ? { broader: (concept.broader ?? []).map(({ uri }) => ({ uri })) } : {}),
        ...(fields.has('narrower') ? { narrower: (concept.narrower ?? []).map(({ uri }) => ({ uri })) } : {}),
        prefLabel,
        ...(altLabel === undefined ? {} : { altLabel }),
        lang,
        ...(vocab === undefined ? {} : { vocab }),
        ...(notation === undefined ? {} : { notation }),
      };
    }),
  };
}

/** `topConcepts`: the scheme's top concepts. */
export function topConceptsBody(scheme: string | undefined, tops: readonly Browsed[], language: string): object {
  return {
    '@context': {
      ...CONTEXT,
      onki: ONKI,
      topconcepts: 'skos:hasTopConcept',
      notation: 'skos:notation',
      label: 'skos:prefLabel',
      '@language': language,
    },
    uri: scheme ?? '',
    topconcepts: tops.map(({ uri, prefLabel, notation, hasChildren }) => ({
      uri,
      label: prefLabel,
      topConceptOf: scheme,
      ...(notation === undefined ? {} : { notation }),
      hasChildren,
    })),
  };
}

/** `lookup`: the concepts a label names, with the altLabel that named each where it was one. */
export function lookupBody(
  hits: ReadonlyArray<{ concept: Concept; altLabel?: string }>,
  language: string | undefined,
  found: Vocabulary,
): object {
  return {
    '@context': {
      ...CONTEXT,
      onki: ONKI,
      results: { '@id': 'onki:results' },
      ...LABEL_CONTEXT,
      ...(language ? { '@language': language } : {}),
    },
    result: hits.map(({ concept, altLabel }) => ({
      uri: concept.uri,
      type: ['skos:Concept'],
      prefLabel: concept.prefLabel,
      ...(altLabel === undefined ? {} : { altLabel }),
      lang: language ?? found.defaultLanguage,
      vocab: found.id,
    })),
  };
}

/** `groups`: none here. */
export function groupsBody(language: string): object {
  return {
    '@context': { ...CONTEXT, onki: ONKI, prefLabel: 'skos:prefLabel', groups: 'onki:hasGroup', '@language': language },
    uri: '',
    groups: [],
  };
}

/** `new` and `modified`: the concepts made or changed, with their labels and dates, the latest first. */
export function changeListBody(changes: ReadonlyArray<{ uri: string; prefLabel: string; date: string }>, language: string): object {
  return {
    '@context': {
      ...CONTEXT,
      '@language': language,
      prefLabel: 'skos:prefLabel',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
      date: { '@id': 'http://purl.org/dc/terms/date', '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
    },
    changeList: changes,
  };
}

/** `{vocid}/`: the vocabulary, its languages and its scheme. */
export function vocabularyBody(found: Vocabulary, language: string): object {
  return {
    '@context': {
      rdfs: RDFS,
      skos: SKOS_PREFIX,
      onki: ONKI,
      dct: 'http://purl.org/dc/terms/',
      uri: '@id',
      type: '@type',
      conceptschemes: 'onki:hasConceptScheme',
      id: 'onki:vocabularyIdentifier',
      defaultLanguage: 'onki:defaultLanguage',
      languages: 'onki:language',
      label: 'rdfs:label',
      prefLabel: 'skos:prefLabel',
      title: 'dct:title',
      '@language': language,
    },
    uri: '',
    id: found.id,
    marcSource: '',
    title: found.title,
    defaultLanguage: found.defaultLanguage,
    languages: found.languages,
    conceptschemes: found.scheme === undefined ? [] : [{ uri: found.scheme, type: 'skos:ConceptScheme', prefLabel: found.title }],
  };
}

/** `label`: the concept's prefLabel and altLabels, each where it has one. */
export function labelBody(uri: string, concept: Concept, language: string): object {
  return {
    '@context': { ...CONTEXT, ...LABEL_CONTEXT, '@language': language },
    uri,
    ...(concept.prefLabel === '' ? {} : { prefLabel: concept.prefLabel }),
    ...(concept.altLabels.length === 0 ? {} : { altLabel: concept.altLabels }),
  };
}

/** `broader`, `narrower`, `related`: the neighbours by `name`. */
export function neighboursBody(name: string, uri: string, neighbours: readonly SkosmosRelated[], language: string): object {
  return {
    '@context': { ...CONTEXT, prefLabel: 'skos:prefLabel', [name]: `skos:${name}`, '@language': language },
    uri,
    [name]: neighbours,
  };
}

/** `broaderTransitive`, `narrowerTransitive`: the concepts by IRI, each with its neighbours in `direction`. */
export function transitiveBody(name: string, direction: 'broader' | 'narrower', uri: string, walked: object, language: string): object {
  return {
    '@context': {
      ...CONTEXT,
      prefLabel: 'skos:prefLabel',
      [direction]: { '@id': `skos:${direction}`, '@type': '@id' },
      [name]: { '@id': `skos:${name}`, '@container': '@index' },
      '@language': language,
    },
    uri,
    [name]: walked,
  };
}

/** `children`: the concepts one level below. */
export function childrenBody(uri: string, children: readonly Browsed[], language: string): object {
  return {
    '@context': {
      ...CONTEXT,
      prefLabel: 'skos:prefLabel',
      narrower: 'skos:narrower',
      notation: 'skos:notation',
      hasChildren: 'onki:hasChildren',
      '@language': language,
    },
    uri,
    narrower: children,
  };
}

/** `hierarchy`: the concept and those above it, each with its children. */
export function hierarchyBody(uri: string, walked: object, language: string): object {
  return {
    '@context': {
      ...CONTEXT,
      onki: ONKI,
      prefLabel: 'skos:prefLabel',
      notation: 'skos:notation',
      narrower: { '@id': 'skos:narrower', '@type': '@id' },
      broader: { '@id': 'skos:broader', '@type': '@id' },
      broaderTransitive: { '@id': 'skos:broaderTransitive', '@container': '@index' },
      top: { '@id': 'skos:topConceptOf', '@type': '@id' },
      tops: { '@id': 'skos:topConceptOf', '@type': '@id' },
      hasChildren: 'onki:hasChildren',
      '@language': language,
    },
    uri,
    broaderTransitive: walked,
  };
}

/** What `vocabularyStatistics` says of one class: its members, and how many of them are deprecated. */
export interface ClassStatistics {
  type: string;
  members: number;
  deprecated: number;
  label?: string;
}

/**
 * `vocabularyStatistics` as Skosmos shapes it, in its VoID terms: the concepts (`concepts`, of
 * the class `concept`: every concept counted, with how many of them are deprecated), every
 * other class of them (`subTypes`, each with its rdfs:label where it has one in the language
 * asked), and the collections (`conceptGroups`) where there are any. `counts` holds no row for
 * what is not known, and then no count is given rather than a 0.
 */
export function statisticsBody(found: Vocabulary, counts: readonly ClassStatistics[], concept: string, language: string): object {
  const of = ({ members, deprecated }: ClassStatistics): { count: number; deprecatedCount: number } => ({
    count: members,
    deprecatedCount: deprecated,
  });
  const concepts = counts.find(({ type }) => type === concept);
  const groups = counts.find(({ type }) => type === COLLECTION);
  return {
    '@context': {
      rdfs: RDFS,
      skos: SKOS_PREFIX,
      void: 'http://rdfs.org/ns/void#',
      onki: ONKI,
      uri: '@id',
      id: 'onki:vocabularyIdentifier',
      concepts: 'void:classPartition',
      label: 'rdfs:label',
      class: { '@id': 'void:class', '@type': '@id' },
      subTypes: { '@id': 'void:class', '@type': '@id' },
      count: 'void:entities',
      '@language': language,
    },
    uri: '',
    id: found.id,
    title: found.title,
    concepts: { class: concept, label: 'Concept', ...(concepts === undefined ? {} : of(concepts)) },
    subTypes: counts
      .filter(({ type }) => type !== concept && type !== COLLECTION)
      .map((row) => ({ type: row.type, ...of(row), ...(row.label === undefined ? {} : { label: row.label }) })),
    ...(groups === undefined ? {} : { conceptGroups: { class: COLLECTION, label: 'Collection', ...of(groups) } }),
  };
}

/**
 * `labelStatistics`: how many prefLabels, altLabels and hiddenLabels the vocabulary's concepts
 * hold in each language, in Skosmos' VoID terms: each language with its name in `language`
 * (where the runtime knows it) and a count for each property, as Skosmos lists them.
 */
export function labelStatisticsBody(found: Vocabulary, counts: readonly LabelCount[], language: string): object {
  const byLanguage = new Map<string, Array<{ property: string; labels: number }>>();
  for (const { lang, property, labels } of counts) {
    const properties = byLanguage.get(lang) ?? [];
    properties.push({ property: property.startsWith(SKOS) ? `skos:${property.slice(SKOS.length)}` : property, labels });
    byLanguage.set(lang, properties);
  }
  return {
    '@context': {
      rdfs: RDFS,
      skos: SKOS_PREFIX,
      void: 'http://rdfs.org/ns/void#',
      'void-ext': 'http://ldf.fi/void-ext#',
      onki: ONKI,
      uri: '@id',
      id: 'onki:vocabularyIdentifier',
      languages: 'void-ext:languagePartition',
      language: 'void-ext:language',
      properties: 'void:propertyPartition',
      labels: 'void:triples',
      literal: { '@id': 'rdfs:label', '@language': language },
    },
    uri: '',
    id: found.id,
    title: found.title,
    languages: [...byLanguage].map(([lang, properties]) => {
      const literal = languageName(lang, language);
      return {
        language: lang,
        ...(literal === undefined ? {} : { literal }),
        properties: PROPERTY_ORDER.flatMap((name) => properties.filter(({ property }) => property === name)),
      };
    }),
  };
}

/** The order in which Skosmos lists a language's label properties. */
const PROPERTY_ORDER = ['skos:prefLabel', 'skos:altLabel', 'skos:hiddenLabel'];

/** The name of language `tag` in language `language` (Intl.DisplayNames), or undefined where either is not one it knows. */
function languageName(tag: string, language: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(tag);
    return name === undefined || name === '' ? undefined : name;
  } catch {
    return undefined;
  }
}
