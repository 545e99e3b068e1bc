import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import { isRdfIri } from '../../domain/iri.js';
import { DCTERMS, SKOS } from '../../domain/namespaces.js';
import type { Label } from '../../domain/chooseLabel.js';
import { bindQuery } from '../../sparql/bindQuery.js';
import type { QueryCatalog } from '../../sparql/QueryCatalog.js';
import type { SparqlStore } from '../../store/SparqlStore.js';
import { BROWSE_FIELDS, type Concept, type ConceptFields, type Field } from '../../domain/Concept.js';
import { ConceptDetails } from './ConceptDetails.js';
import { StoreHierarchy } from './StoreHierarchy.js';

const NO_FIELDS: ReadonlySet<Field> = new Set();
/** The SKOS links whose resources `describe` labels. */

/** How many labels of one property a scheme's concepts hold in one language tag (StoreConcepts.labelStatistics). */
export interface LabelCount {
  lang: string;
  property: string;
  labels: number;
}

/** How many members of a scheme are of one class, and how many of those are deprecated (StoreConcepts.classCounts). */
export interface ClassCount {
  type: string;
  members: number;
  deprecated: number;
  /** The class's rdfs:label in the language asked, where it has one. */
  label?: string;
}

/** A concept made or changed, and when, as the data writes the date (Skosmos' `new` and `modified`). */
export interface Change {
  uri: string;
  date: string;
}

/** A resource's prefLabels and altLabels with their languages: the language maps of JSKOS. */
export interface LabelMap {
  prefLabel: Label[];
  altLabel: Label[];
}

/** A resource as `describe` reads it: its own statements, those that point at it, and what is said of the resources on either side. */
export interface Description {
  statements: Array<{ predicate: Term; object: Term }>;
  /** Who points at it, and how (but skos:inScheme). */
  incoming: Array<{ subject: string; predicate: Term }>;
  /** The types, prefLabels, rdfs:labels, notations and values of the resources it names or is named by. */
  facts: Array<{ subject: string; predicate: Term; object: Term }>;
  /** The prefLabels among `facts`. */
  linkedLabels: Array<{ subject: string; label: Term }>;
}

/** The most statements `describe` reads of one resource: a concept has tens; a scheme listing every top concept may have thousands. */
export const MAX_STATEMENTS = 10_000;
/** The most statements pointing at a resource that `describe` reads: the first of a concept's thousands of narrower ones. */
export const MAX_INCOMING = 1000;
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const PREF_LABEL = `${SKOS}prefLabel`;
/** How long /ready's check waits for the store (its documented bound). */
const PING_TIMEOUT_MS = 5000;

/**
 * Concepts read from the store by URI: /get (where the label index does not answer it,
 * `Lookup.get`), the labels and fields of reconciliation's extension, the schemes. These
 * always ask the store. Rejects as the store does.
 */
export class StoreConcepts {
  /** The hierarchy as the store holds it: /schemes, /top, /narrower and the fields that walk it. */
  readonly hierarchy: StoreHierarchy;

  constructor(
    private readonly store: SparqlStore,
    /** The catalogue of the vocabulary's state (with or without SKOS-XL branches). */
    private readonly queries: QueryCatalog,
    private readonly conceptTypes: readonly Term[],
    /** Lower case. */
    readonly defaultLang: string,
  ) {
    this.hierarchy = new StoreHierarchy(store, queries, conceptTypes);
  }

  /** Asks the store the cheapest query there is. */
  async ping(): Promise<void> {
    // /ready's bound: a store that cannot answer its cheapest query within 5 s is not ready
    await this.store.select(bindQuery(this.queries.template('ping'), {}), 'ping', PING_TIMEOUT_MS);
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

  /**
   * What the Skosmos REST API's `data` shows of a resource, as Skosmos composes it: its own
   * statements (at most MAX_STATEMENTS), the statements that point at it but skos:inScheme (at
   * most MAX_INCOMING: a concept with thousands of narrower ones names the first of them), and
   * the types, prefLabels, rdfs:labels, notations and values of the resources on either side
   * (so a client finds the scheme's type and label, and labels every link). Three store
   * queries: the first two at once, then the third.
   */
  async describe(uri: string): Promise<Description> {
    if (!isRdfIri(uri)) return { statements: [], incoming: [], facts: [], linkedLabels: [] };
    const page = { limit: MAX_STATEMENTS, offset: 0 };
    const [rows, pointing] = await Promise.all([
      this.store.select(bindQuery(this.queries.template('statements'), { subject: rdf.namedNode(uri) }, page), 'statements'),
      this.store.select(
        bindQuery(this.queries.template('incoming'), { object: rdf.namedNode(uri) }, { limit: MAX_INCOMING, offset: 0 }),
        'incoming',
      ),
    ]);
    const statements = rows.flatMap(({ predicate, object }) =>
      predicate === undefined || object === undefined ? [] : [{ predicate, object }],
    );
    const incoming = pointing.flatMap(({ subject, predicate }) =>
      subject?.termType === 'NamedNode' && predicate !== undefined && subject.value !== uri ? [{ subject: subject.value, predicate }] : [],
    );
    const linked = [
      ...new Set([
        ...statements.flatMap(({ predicate, object }) =>
          predicate.value !== RDF_TYPE && object.termType === 'NamedNode' && isRdfIri(object.value) && object.value !== uri
            ? [object.value]
            : [],
        ),
        ...incoming.map(({ subject }) => subject).filter(isRdfIri),
      ]),
    ].slice(0, MAX_STATEMENTS);
    if (linked.length === 0) return { statements, incoming, facts: [], linkedLabels: [] };
    const found = await this.store.select(
      bindQuery(this.queries.template('factsOf'), { subject: linked.map((link) => rdf.namedNode(link)) }, page),
      'factsOf',
    );
    const facts = found.flatMap(({ subject, predicate, object }) =>
      subject === undefined || predicate === undefined || object === undefined ? [] : [{ subject: subject.value, predicate, object }],
    );
    return {
      statements,
      incoming,
      facts,
      linkedLabels: facts.flatMap(({ subject, predicate, object }) => (predicate.value === PREF_LABEL ? [{ subject, label: object }] : [])),
    };
  }

  /**
   * A page of the concepts of `scheme` that state when they were made (`created`) or changed
   * (`modified`), the latest first, each with that date as the data writes it. One store query.
   */
  async changes(kind: 'created' | 'modified', scheme: string, page: { limit: number; offset: number }): Promise<Change[]> {
    if (!isRdfIri(scheme)) return [];
    const rows = await this.store.select(
      bindQuery(
        this.queries.template('changes'),
        { conceptType: this.conceptTypes, dateProperty: rdf.namedNode(`${DCTERMS}${kind}`), scheme: rdf.namedNode(scheme) },
        page,
      ),
      'changes',
    );
    return rows.flatMap(({ concept, date }) =>
      concept?.termType === 'NamedNode' && date !== undefined ? [{ uri: concept.value, date: date.value }] : [],
    );
  }

  /**
   * How many prefLabels, altLabels and hiddenLabels the concepts of `scheme` hold in each
   * language tag as written ("" for none), by language: Skosmos' `labelStatistics`. One store
   * query, a count over the scheme's labels.
   */
  async labelStatistics(scheme: string): Promise<LabelCount[]> {
    if (!isRdfIri(scheme)) return [];
    const rows = await this.store.select(
      bindQuery(this.queries.template('labelStatistics'), { conceptType: this.conceptTypes, scheme: rdf.namedNode(scheme) }),
      'labelStatistics',
    );
    return rows.flatMap(({ lang, property, labels }) =>
      lang?.termType === 'Literal' &&
      property?.termType === 'NamedNode' &&
      labels !== undefined &&
      Number.isSafeInteger(Number(labels.value))
        ? [{ lang: lang.value, property: property.value, labels: Number(labels.value) }]
        : [],
    );
  }

  /**
   * For each class of the members of `scheme` (each concept type, the classes below one, and
   * skos:Collection's family for collections with a member in it), how many are of it and how
   * many of those are deprecated, with its rdfs:label in `lang`: Skosmos'
   * `vocabularyStatistics`. One store query, a count over the scheme.
   */
  async classCounts(scheme: string, lang: string): Promise<ClassCount[]> {
    if (!isRdfIri(scheme)) return [];
    const rows = await this.store.select(
      bindQuery(this.queries.template('vocabularyStatistics'), {
        conceptType: this.conceptTypes,
        scheme: rdf.namedNode(scheme),
        lang: rdf.literal(lang),
      }),
      'vocabularyStatistics',
    );
    const whole = (term: Term | undefined): number | undefined =>
      term !== undefined && Number.isSafeInteger(Number(term.value)) ? Number(term.value) : undefined;
    return rows.flatMap(({ type, members, deprecated, label }) => {
      const count = whole(members);
      if (type?.termType !== 'NamedNode' || count === undefined) return [];
      return [
        { type: type.value, members: count, deprecated: whole(deprecated) ?? 0, ...(label === undefined ? {} : { label: label.value }) },
      ];
    });
  }

  /** Where the whole of `scheme`'s vocabulary can be downloaded, as its data says (void:dataDump); undefined where it says not. One store query. */
  async dataDump(scheme: string): Promise<string | undefined> {
    if (!isRdfIri(scheme)) return undefined;
    const rows = await this.store.select(bindQuery(this.queries.template('dataDump'), { scheme: rdf.namedNode(scheme) }), 'dataDump');
    const dump = rows[0]?.dump;
    return dump?.termType === 'NamedNode' ? dump.value : undefined;
  }

  /** The prefLabels and altLabels of resources, each with its language (lower case; "" for none), at most MAX_STATEMENTS. One store query. */
  async labelMaps(uris: readonly string[]): Promise<Map<string, LabelMap>> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const maps = new Map<string, LabelMap>(distinct.map((uri) => [uri, { prefLabel: [], altLabel: [] }]));
    if (distinct.length === 0) return maps;
    const query = bindQuery(
      this.queries.template('labelMaps'),
      { subject: distinct.map((uri) => rdf.namedNode(uri)) },
      { limit: MAX_STATEMENTS, offset: 0 },
    );
    for (const { subject, property, label } of await this.store.select(query, 'labelMaps')) {
      const map = subject === undefined ? undefined : maps.get(subject.value);
      if (map === undefined || property === undefined || label?.termType !== 'Literal') continue;
      (property.value === `${SKOS}prefLabel` ? map.prefLabel : map.altLabel).push({
        value: label.value,
        language: label.language.toLowerCase(),
      });
    }
    return maps;
  }

  /** The opt-in fields of concepts (and of resources that are not: they are not checked). One store query. */
  async fieldsOf(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptFields>> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const details = distinct.length === 0 ? new Map<string, ConceptDetails>() : await this.fieldDetails(distinct, lang, fields);
    return new Map(distinct.map((uri) => [uri, details.get(uri)?.fields(fields) ?? emptyFields(fields)]));
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
      fields.size === 0 ? undefined : this.fieldDetails(uris, lang, fields),
    ]);
    return ConceptDetails.read(rows, lang, details);
  }

  /**
   * What `conceptFields.rq` says of the concepts: their opt-in fields' values; and, where
   * `fields` names one that walks the hierarchy, what StoreHierarchy reads (at the same time).
   */
  async fieldDetails(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptDetails>> {
    const query = bindQuery(this.queries.template('conceptFields'), { concept: uris.map((uri) => rdf.namedNode(uri)) });
    const walks = BROWSE_FIELDS.some((field) => fields.has(field));
    const [rows, hierarchy] = await Promise.all([
      this.store.select(query, 'conceptFields'),
      walks ? this.hierarchy.fieldsOf(uris, lang, fields) : undefined,
    ]);
    const details = ConceptDetails.read(rows, lang);
    for (const [uri, found] of hierarchy ?? []) ConceptDetails.of(details, uri, lang).hierarchy = found;
    return details;
  }
}

/** The fields asked for, with nothing in them. */
export function emptyFields(fields: ReadonlySet<Field>): ConceptFields {
  return {
    ...(fields.has('ancestors') ? { ancestors: [] } : {}),
    ...(fields.has('broader') ? { broader: [] } : {}),
    ...(fields.has('narrower') ? { narrower: [] } : {}),
    ...(fields.has('narrowerCount') ? { narrowerCount: 0 } : {}),
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
