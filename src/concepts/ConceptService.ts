import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import { bindQuery, mentionsVariable } from '../sparql/bindQuery.js';
import { LabelIndex, type ReconcileCandidate, type ReconcileFilter } from '../index/LabelIndex.js';
import { ReconcileQuery } from '../domain/reconciliation.js';
import { LabelIndexBuilder } from '../index/LabelIndexBuilder.js';
import type { IndexReport, LabelIndexSource } from '../index/LabelIndexSource.js';
import type { SpellingVariantsSource } from '../sparql/SpellingVariantsSource.js';
import { virtuosoTextQuery } from '../sparql/virtuosoTextQuery.js';
import { isRdfIri } from '../sparql/iri.js';
import { isLangTag } from '../sparql/langTag.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import type { XlLabelsProbe } from '../sparql/XlLabelsProbe.js';
import type { Bindings, SparqlStore } from '../store/SparqlStore.js';
import type { Concept, ConceptFields, Field } from './Concept.js';
import { ConceptDetails } from './ConceptDetails.js';
import { shownConcept } from './shownConcept.js';
import type { LoadingGate } from './LoadingGate.js';
import { candidatePatterns, candidateWords, searchTerms, suggestTerms, type CandidateWord } from '../domain/matchPatterns.js';
import { RankQuery, type Endpoint } from '../domain/ranking.js';
import { labelLanguage } from '../domain/labelLanguage.js';

/**
 * The store path (no label index): how many candidate concepts the store's query brings at
 * most besides those of the page asked for, the shortest matching labels first. Candidates
 * are ranked with the label index's code; when more concepts match than this, a page is
 * made from the candidates alone and may differ from the label index's.
 */
const STORE_CANDIDATES = 300;

/** A /search or /suggest request after validation. */
export interface FindRequest {
  /** Trimmed, 1 to 200 characters. */
  q: string;
  count: number;
  /** 1-based. */
  page: number;
  /** Lower case; restricts matching and chooses the labels. */
  lang?: string | undefined;
  scheme?: string | undefined;
  /** The opt-in fields asked for; none when absent. */
  fields?: ReadonlySet<Field> | undefined;
}

const NO_FIELDS: ReadonlySet<Field> = new Set();

export interface ConceptServiceOptions {
  store: SparqlStore;
  queries: QueryCatalog;
  conceptTypes: readonly string[];
  /** Lower case. */
  defaultLang: string;
  /** For a dialect whose search queries take a `?textQuery` for the store's text index. */
  spellings?: SpellingVariantsSource | undefined;
  /** When set and built, /search and /suggest match, rank and page in memory instead of in the store. */
  labelIndex?: LabelIndexSource | undefined;
  /** CONCEPT_WEIGHTS, read: part of the standing on the store path, as in the label index. */
  conceptWeights?: ReadonlyMap<string, number> | undefined;
  /** Keeps /search and /suggest to a short budget while the label index is built (with `labelIndex`). */
  loading?: LoadingGate | undefined;
  /** When set, the queries leave their SKOS-XL branches out while the store holds no SKOS-XL label. */
  xlLabels?: XlLabelsProbe | undefined;
}

/**
 * The three lookups of the contract over a SPARQL store. /search and /suggest match, rank
 * and page with the label index (domain/ranking.ts decides): the whole vocabulary's when it
 * is built, else one made per request from the candidates the store's `search.rq` or
 * `suggest.rq` finds. This class binds the queries and shapes what comes back.
 * Rejects with the store's errors (502, 503, 504).
 */
export class ConceptService {
  private readonly conceptTypes: Term[];

  constructor(private readonly options: ConceptServiceOptions) {
    this.conceptTypes = options.conceptTypes.map((type) => rdf.namedNode(type));
  }

  /** Asks the store the cheapest query there is. Rejects as the store does. */
  async ping(): Promise<void> {
    await this.options.store.select(bindQuery(this.options.queries.template('ping'), {}), 'ping');
  }

  /**
   * Reads what is kept in memory (SKOS-XL or not, then spelling variants and the label
   * index), and refreshes each on its timer from then on. Never rejects: what cannot be read
   * is logged, and the queries do without it.
   */
  async start(): Promise<void> {
    await this.options.xlLabels?.start(); // first: it chooses the queries that the others run
    await Promise.all([this.options.spellings?.start(), this.options.labelIndex?.start()]);
  }

  /** What is still being read before /search and /suggest answer at full speed; undefined when nothing is. */
  get pending(): string | undefined {
    return this.options.labelIndex?.pending;
  }

  /** What the label index in use holds and what its build cost (for /ready); undefined without one, or when read from a snapshot. */
  get indexReport(): IndexReport | undefined {
    return this.options.labelIndex?.report;
  }

  /** The label index in use, if any (for metrics). */
  get labelIndex(): LabelIndex | undefined {
    return this.options.labelIndex?.current;
  }

  /** Asks again what is kept in memory (SKOS-XL or not, label index, spelling variants): on SIGHUP. */
  async refresh(): Promise<void> {
    await this.options.xlLabels?.load(); // first: it chooses the queries that the others run
    await Promise.all([this.options.spellings?.load(), this.options.labelIndex?.refresh()]);
  }

  /** Stops what runs in the background (the refreshes). */
  close(): void {
    this.options.xlLabels?.stop();
    this.options.spellings?.stop();
    this.options.labelIndex?.stop();
  }

  /** The languages of the concepts' preferred labels, lower case, sorted: for a language selector. */
  async languages(): Promise<string[]> {
    // the whole vocabulary's index knows them (of the concepts it serves: deprecated ones left out)
    const index = this.options.labelIndex?.current;
    if (index !== undefined) return index.prefLabelLanguages().sort().slice(0, 1000);
    const query = bindQuery(this.options.queries.template('languages'), { conceptType: this.conceptTypes });
    return (await this.options.store.select(query, 'languages')).flatMap((row: Bindings) => (row.lang?.termType === 'Literal' && isLangTag(row.lang.value) ? [row.lang.value] : []));
  }

  /**
   * The concepts among `uris`, in the order given, each once; other URIs are left out. One
   * store query, and one more (at the same time) for opt-in fields.
   */
  async get(uris: readonly string[], lang: string | undefined, fields: ReadonlySet<Field> = NO_FIELDS): Promise<Concept[]> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    if (distinct.length === 0) return [];
    const details = await this.details(distinct, lang ?? this.options.defaultLang, fields);
    return distinct.flatMap((uri) => conceptOf(details.get(uri), fields));
  }

  /** A page of /search results, best first, with full details. At most three store queries (and one for opt-in fields). */
  async search(request: FindRequest): Promise<Concept[]> {
    const query = new RankQuery('search', searchTerms(request.q));
    const lang = request.lang ?? this.options.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const full = this.options.labelIndex?.current;
    const index = full ?? (await this.fromStore((timeoutMs) => this.candidates('search', query, request, timeoutMs)));
    const ranked = index === undefined ? [] : index.search(query, request.q, request, lang, pageOf(request));
    if (ranked.length === 0) return [];
    // the whole vocabulary's index holds what a result shows: no store query
    if (full !== undefined) return ranked.flatMap((uri) => shownConcept(full, uri, lang, fields) ?? []);
    const details = await this.details(ranked, lang, fields);
    return ranked.flatMap((uri) => conceptOf(details.get(uri), fields));
  }

  /**
   * A page of /suggest results, best first: URI and prefLabel only (and opt-in fields). At
   * most two store queries, and one for opt-in fields.
   */
  async suggest(request: FindRequest): Promise<Concept[]> {
    const query = new RankQuery('suggest', suggestTerms(request.q));
    const lang = request.lang ?? this.options.defaultLang;
    const full = this.options.labelIndex?.current;
    const index = full ?? (await this.fromStore((timeoutMs) => this.candidates('suggest', query, request, timeoutMs)));
    if (index === undefined) return [];
    const uris = index.suggest(query, request, lang, pageOf(request));
    const fields = request.fields ?? NO_FIELDS;
    if (full !== undefined && fields.size > 0) return uris.flatMap((uri) => shownConcept(full, uri, lang, fields) ?? []).map((concept) => ({ ...concept, altLabels: [], related: [] }));
    const details = fields.size === 0 || uris.length === 0 ? undefined : await this.fieldDetails(uris, lang);
    // fields asked for are always present: empty where the store has nothing for them
    return uris.map((uri) => ({ uri, prefLabel: index.prefLabel(uri, lang), altLabels: [], related: [], ...(details === undefined ? {} : (details.get(uri)?.fields(fields) ?? emptyFields(fields))) }));
  }

  /**
   * Reconciliation (domain/reconciliation.ts scores): the best `limit` concepts for the
   * name `q`, each with its name (the prefLabel in `display`) and schemes, and how many
   * concepts have a label equal to `q`. On the label index, candidates are the labels with
   * a word alike to a query word; on the store path, the concepts /search would find (so a
   * typo finds nothing there).
   */
  async reconcile(q: string, filter: ReconcileFilter, limit: number, display: string): Promise<{ candidates: Array<ReconcileCandidate & { name: string; schemes: string[] }>; equalCount: number }> {
    const scheme = filter.schemes?.length === 1 && filter.schemes[0] !== undefined && isRdfIri(filter.schemes[0]) ? filter.schemes[0] : undefined;
    const index = this.options.labelIndex?.current ?? (await this.fromStore((timeoutMs) => this.candidates('search', new RankQuery('search', searchTerms(q)), { q, count: limit, page: 1, lang: filter.lang, scheme }, timeoutMs)));
    if (index === undefined) return { candidates: [], equalCount: 0 };
    const { candidates, equalCount } = index.reconcile(new ReconcileQuery(q), { column: display, ...filter }, limit);
    return { candidates: candidates.map((candidate) => ({ ...candidate, name: index.prefLabel(candidate.uri, display), schemes: index.schemesOf(candidate.uri) })), equalCount };
  }

  /** The labels of resources (concepts or not) in `lang`, chosen as a prefLabel is; "" for a resource without one. One store query. */
  async labelsOf(uris: readonly string[], lang: string): Promise<Map<string, string>> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const details = distinct.length === 0 ? new Map<string, ConceptDetails>() : await this.details(distinct, lang, NO_FIELDS);
    return new Map(distinct.map((uri) => [uri, details.get(uri)?.toConcept().prefLabel ?? '']));
  }

  /** The concept schemes (typed so, or with top concepts), sorted. One store query. */
  async schemes(): Promise<string[]> {
    const rows = await this.options.store.select(bindQuery(this.options.queries.template('schemes'), {}), 'schemes');
    return rows.flatMap((row: Bindings) => (row.scheme?.termType === 'NamedNode' && isRdfIri(row.scheme.value) ? [row.scheme.value] : [])).sort();
  }

  /**
   * Concepts as /search shows them, by URI (those that are concepts): from the label index
   * when it is in, else read from the store as /get reads them.
   */
  async shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>> {
    const index = this.options.labelIndex?.current;
    if (index !== undefined) {
      const shown = new Map<string, Concept>();
      for (const uri of uris) {
        const concept = shownConcept(index, uri, lang, fields);
        if (concept !== undefined) shown.set(uri, concept);
      }
      return shown;
    }
    return new Map((await this.get(uris, lang, fields)).map((concept) => [concept.uri, concept]));
  }

  /** The concepts whose notation is `text`, exactly: from the label index when it is in, else among what /search finds by it. */
  async withNotation(text: string): Promise<string[]> {
    const index = this.options.labelIndex?.current;
    if (index !== undefined) return index.withNotation(text);
    const found = await this.search({ q: text, count: 100, page: 1, fields: new Set(['notation']) });
    return found.filter((concept) => concept.notation?.includes(text)).map((concept) => concept.uri);
  }

  /** The opt-in fields of concepts (and of resources that are not: they are not checked). One store query. */
  async fieldsOf(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptFields>> {
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const details = distinct.length === 0 ? new Map<string, ConceptDetails>() : await this.fieldDetails(distinct, lang);
    return new Map(distinct.map((uri) => [uri, details.get(uri)?.fields(fields) ?? emptyFields(fields)]));
  }

  /**
   * The store path's answer: at once where there is no label index (LABEL_INDEX=off) or its
   * build failed; while the first build runs, through the loading gate (a short budget, one
   * at a time, else a 503 saying how far the build got).
   */
  private fromStore<T>(ask: (timeoutMs?: number) => Promise<T>): Promise<T> {
    const loading = this.options.labelIndex?.loading;
    if (loading === undefined || this.options.loading === undefined) return ask();
    return this.options.loading.run(loading, ask);
  }

  /**
   * The store path: the concepts whose labels may match (`search.rq` or `suggest.rq`, the
   * shortest labels first, at most STORE_CANDIDATES more than the page needs), read whole
   * (`labels.rq`) into a label index of their own, which then ranks them as the full one
   * would. Undefined when no concept may match.
   */
  private async candidates(name: Endpoint, query: RankQuery, request: FindRequest, timeoutMs?: number): Promise<LabelIndex | undefined> {
    const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
    const left = (): number | undefined => (deadline === undefined ? undefined : Math.max(1, deadline - Date.now()));
    if (request.scheme !== undefined && !isRdfIri(request.scheme)) return undefined;
    const words = query.words.length === 0 ? [] : candidateWords(query, request.lang === undefined ? undefined : [request.lang]);
    if (words.length === 0 && name === 'suggest') return undefined;
    const literal = (value: string): Term => rdf.literal(value);
    const template = this.options.queries.template(name);
    const page = pageOf(request);
    const found = bindQuery(
      template,
      {
        ...(mentionsVariable(template, 'textQuery') ? { textQuery: this.textQuery(words) } : {}),
        wordPattern: candidatePatterns(words).map(literal),
        ...(name === 'search' ? { notation: literal(request.q) } : {}),
        lang: request.lang === undefined ? undefined : literal(request.lang),
        scheme: request.scheme === undefined ? undefined : rdf.namedNode(request.scheme),
        conceptType: this.conceptTypes,
      },
      { limit: page.offset + page.limit + STORE_CANDIDATES, offset: 0 },
    );
    // An IRI that IRI validation refuses (kept from a leniently loaded file) cannot be named in
    // the next query: left out, as the label index leaves it out.
    const concepts = (await this.options.store.select(found, name, left())).flatMap((row: Bindings) => (row.concept?.termType === 'NamedNode' && isRdfIri(row.concept.value) ? [row.concept] : []));
    if (concepts.length === 0) return undefined;
    const builder = new LabelIndexBuilder(this.options.defaultLang, this.options.conceptWeights);
    const labels = bindQuery(this.options.queries.template('labels'), { concept: concepts, conceptType: this.conceptTypes, partFrom: undefined, partTo: undefined });
    for (const row of await this.options.store.select(labels, 'labels', left())) {
      const { concept, property, value } = row;
      if (concept === undefined || property === undefined || value === undefined) continue;
      builder.add({ concept: concept.value, property: property.value, value: value.value, language: value.termType === 'Literal' ? labelLanguage(value.language) : '' });
    }
    return new LabelIndex(builder.build());
  }

  /** The text index query, when the spelling variants are known and a query word can use the index. */
  private textQuery(words: readonly CandidateWord[]): Term | undefined {
    const variants = this.options.spellings?.current;
    const text = variants === undefined ? undefined : virtuosoTextQuery(words, variants);
    return text === undefined ? undefined : rdf.literal(text);
  }

  private async details(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptDetails>> {
    const query = bindQuery(this.options.queries.template('concepts'), {
      concept: uris.map((uri) => rdf.namedNode(uri)),
      conceptType: this.conceptTypes,
      lang: rdf.literal(lang),
    });
    const [rows, details] = await Promise.all([this.options.store.select(query, 'concepts'), fields.size === 0 ? undefined : this.fieldDetails(uris, lang)]);
    return ConceptDetails.read(rows, lang, details);
  }

  /** What `conceptFields.rq` says of the concepts: their opt-in fields' values. */
  private async fieldDetails(uris: readonly string[], lang: string): Promise<Map<string, ConceptDetails>> {
    const query = bindQuery(this.options.queries.template('conceptFields'), { concept: uris.map((uri) => rdf.namedNode(uri)) });
    return ConceptDetails.read(await this.options.store.select(query, 'conceptFields'), lang);
  }
}

/** The fields asked for, with nothing in them. */
function emptyFields(fields: ReadonlySet<Field>): ConceptFields {
  return { ...(fields.has('broader') ? { broader: [] } : {}), ...(fields.has('notation') ? { notation: [] } : {}), ...(fields.has('scheme') ? { scheme: [] } : {}), ...(fields.has('scopeNote') ? { scopeNote: '' } : {}) };
}

/** The request's page as LIMIT and OFFSET. */
function pageOf(request: FindRequest): { limit: number; offset: number } {
  return { limit: request.count, offset: (request.page - 1) * request.count };
}

/** The concept with the opt-in fields asked for, or nothing when the store holds no concept by that URI. */
function conceptOf(details: ConceptDetails | undefined, fields: ReadonlySet<Field>): Concept[] {
  if (details?.isConcept !== true) return [];
  return [fields.size === 0 ? details.toConcept() : { ...details.toConcept(), ...details.fields(fields) }];
}
