import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import { isRdfIri } from '../domain/iri.js';
import { bindQuery } from '../sparql/bindQuery.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import type { Bindings, SparqlStore } from '../store/SparqlStore.js';
import type { Concept, ConceptFields, Field } from './Concept.js';
import { ConceptDetails } from './ConceptDetails.js';

const NO_FIELDS: ReadonlySet<Field> = new Set();

/**
 * Concepts read from the store by URI: /get (where the label index does not answer it,
 * `Lookup.get`), the labels and fields of reconciliation's extension, the schemes. These
 * always ask the store. Rejects as the store does.
 */
export class StoreConcepts {
  constructor(
    private readonly store: SparqlStore,
    /** The catalogue of the vocabulary's state (with or without SKOS-XL branches). */
    private readonly queries: QueryCatalog,
    private readonly conceptTypes: readonly Term[],
    /** Lower case. */
    readonly defaultLang: string,
  ) {}

  /** Asks the store the cheapest query there is. */
  async ping(): Promise<void> {
    await this.store.select(bindQuery(this.queries.template('ping'), {}), 'ping');
  }

  /**
   * The concepts among `uris`, in the order given, each once; other URIs are left out. One
   * store query, and one more (at the same time) for opt-in fields.
   */
  async get(uris: readonly string[], lang: string | undefined, fields: ReadonlySet<Field> = NO_FIELDS): Promise<Concept[]> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    if (distinct.length === 0) return [];
    const details = await this.details(distinct, lang ?? this.defaultLang, fields);
    return distinct.flatMap((uri) => conceptOf(details.get(uri), fields));
  }

  /** The labels of resources (concepts or not) in `lang`, chosen as a prefLabel is; "" for a resource without one. One store query. */
  async labelsOf(uris: readonly string[], lang: string): Promise<Map<string, string>> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const details = distinct.length === 0 ? new Map<string, ConceptDetails>() : await this.details(distinct, lang, NO_FIELDS);
    return new Map(distinct.map((uri) => [uri, details.get(uri)?.toConcept().prefLabel ?? '']));
  }

  /** The opt-in fields of concepts (and of resources that are not: they are not checked). One store query. */
  async fieldsOf(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptFields>> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const details = distinct.length === 0 ? new Map<string, ConceptDetails>() : await this.fieldDetails(distinct, lang);
    return new Map(distinct.map((uri) => [uri, details.get(uri)?.fields(fields) ?? emptyFields(fields)]));
  }

  /** The concept schemes (typed so, or with top concepts), sorted. One store query. */
  async schemes(): Promise<string[]> {
    const rows = await this.store.select(bindQuery(this.queries.template('schemes'), {}), 'schemes');
    return rows
      .flatMap((row: Bindings) => (row.scheme?.termType === 'NamedNode' && isRdfIri(row.scheme.value) ? [row.scheme.value] : []))
      .sort();
  }

  /** What `concepts.rq` (and for opt-in fields, `conceptFields.rq`) says of the resources. */
  async details(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptDetails>> {
    const query = bindQuery(this.queries.template('concepts'), {
      concept: uris.map((uri) => rdf.namedNode(uri)),
      conceptType: this.conceptTypes,
      lang: rdf.literal(lang),
    });
    const [rows, details] = await Promise.all([
      this.store.select(query, 'concepts'),
      fields.size === 0 ? undefined : this.fieldDetails(uris, lang),
    ]);
    return ConceptDetails.read(rows, lang, details);
  }

  /** What `conceptFields.rq` says of the concepts: their opt-in fields' values. */
  async fieldDetails(uris: readonly string[], lang: string): Promise<Map<string, ConceptDetails>> {
    const query = bindQuery(this.queries.template('conceptFields'), { concept: uris.map((uri) => rdf.namedNode(uri)) });
    return ConceptDetails.read(await this.store.select(query, 'conceptFields'), lang);
  }
}

/** The fields asked for, with nothing in them. */
export function emptyFields(fields: ReadonlySet<Field>): ConceptFields {
  return {
    ...(fields.has('broader') ? { broader: [] } : {}),
    ...(fields.has('notation') ? { notation: [] } : {}),
    ...(fields.has('scheme') ? { scheme: [] } : {}),
    ...(fields.has('scopeNote') ? { scopeNote: '' } : {}),
  };
}

/** The concept with the opt-in fields asked for, or nothing when the store holds no concept by that URI. */
export function conceptOf(details: ConceptDetails | undefined, fields: ReadonlySet<Field>): Concept[] {
  if (details?.isConcept !== true) return [];
  return [fields.size === 0 ? details.toConcept() : { ...details.toConcept(), ...details.fields(fields) }];
}
