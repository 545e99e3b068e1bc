import { forNoClient } from '../../clientScope.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { OverloadedError } from '../../errors.js';
import { namespacesOf } from '../../domain/localNames.js';
import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import { isRdfIri } from '../../domain/iri.js';
import { isLangTag } from '../../domain/langTag.js';
import { labelLanguage } from '../../domain/labelLanguage.js';
import { candidatePatterns, candidateWords, searchTerms, suggestTerms, type CandidateWord } from '../../domain/matchPatterns.js';
import { RankQuery, type Endpoint } from '../../domain/ranking.js';
import { LabelIndex } from '../../index/LabelIndex.js';
import { LabelIndexBuilder } from '../../index/LabelIndexBuilder.js';
import { bindQuery, mentionsVariable } from '../../sparql/bindQuery.js';
import type { QueryCatalog } from '../../sparql/QueryCatalog.js';
import type { SpellingVariants } from '../../sparql/SpellingVariants.js';
import { virtuosoTextQuery } from '../../sparql/virtuosoTextQuery.js';
import type { Bindings, SparqlStore } from '../../store/SparqlStore.js';
import type { Concept, Field, SchemeSummary } from '../../domain/Concept.js';
import { pageOf, type BrowseRequest, type FindRequest, type Finder, type NameCandidates, type NameQuery } from '../Finder.js';
import { named } from '../memory/namedInIndex.js';
import { IndexScan } from '../memory/IndexScan.js';
import type { ReconcileFilter } from '../memory/reconcileInIndex.js';
import { searchInIndex } from '../memory/searchInIndex.js';
import { suggestInIndex } from '../memory/suggestInIndex.js';
import { prefLabelOf } from '../memory/shownConcept.js';
import { conceptOf, emptyFields, type StoreConcepts } from './StoreConcepts.js';
import type { Placed } from './StoreHierarchy.js';

/**
 * How many candidate concepts the store's query brings at most besides those of the page
 * asked for, the shortest matching labels first. Candidates are ranked with the label
 * index's code; when more concepts match than this, a page is made from the candidates alone
 * and may differ from the label index's.
 */
const STORE_CANDIDATES = 300;

const NO_FIELDS: ReadonlySet<Field> = new Set();

/** Runs a store query of /search or /suggest, given the time it may take (undefined: the store's own limit). */
export type StoreGate = <T>(ask: (timeoutMs?: number) => Promise<T>) => Promise<T>;

/** What the store path needs besides the store. */
/** The concepts of the browsing lists kept for their next pages, in all, and for how long. */
const KEPT_LIST_CONCEPTS = 200_000;
const KEPT_LIST_SECONDS = 60;

export interface StoreFinderOptions {
  store: SparqlStore;
  /** The catalogue of the vocabulary's state (with or without SKOS-XL branches). */
  queries: QueryCatalog;
  concepts: StoreConcepts;
  conceptTypes: readonly Term[];
  /** Lower case. */
  defaultLang: string;
  /** For a dialect whose search queries take a `?textQuery` for the store's text index: the spelling variants, once read. */
  spellings?: SpellingVariants | undefined;
  /** CONCEPT_WEIGHTS, read: part of the standing, as in the label index. */
  conceptWeights?: ReadonlyMap<string, number> | undefined;
  /** While the first label index is built: the loading gate (a short budget, one at a time). */
  gate?: StoreGate | undefined;
}

/**
 * The Finder over the store's queries (LABEL_INDEX=off, or no index built yet): the concepts
 * whose labels may match (`search.rq` or `suggest.rq`), read whole (`labels.rq`) into a label
 * index of their own, which then ranks them as the whole vocabulary's would. At most three
 * store queries a request (and one for opt-in fields).
 */
export class StoreFinder implements Finder {
  private namespaceList: Promise<string[]> | undefined;
  private readonly lists = new LRUCache<string, readonly unknown[]>({
    maxSize: KEPT_LIST_CONCEPTS,
    sizeCalculation: (list) => Math.max(1, list.length),
    ttl: KEPT_LIST_SECONDS * 1000,
  });
  /** The lists being read, by key: a second request for one waits for the first read. */
  private readonly reading = new Map<string, Promise<readonly unknown[]>>();

  constructor(private readonly options: StoreFinderOptions) {}

  async search(request: FindRequest): Promise<Concept[]> {
    this.admitted();
    const query = new RankQuery('search', searchTerms(request.q));
    const lang = request.lang ?? this.options.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const scan = await this.gated((timeoutMs) => this.candidates('search', query, request, timeoutMs));
    const ranked = scan === undefined ? [] : searchInIndex(scan, query, request.q, request, lang, pageOf(request));
    if (ranked.length === 0) return [];
    const details = await this.options.concepts.details(ranked, lang, fields);
    return ranked.flatMap((uri) => conceptOf(details.get(uri), fields));
  }

  async suggest(request: FindRequest): Promise<Concept[]> {
    this.admitted();
    const query = new RankQuery('suggest', suggestTerms(request.q));
    const lang = request.lang ?? this.options.defaultLang;
    const scan = await this.gated((timeoutMs) => this.candidates('suggest', query, request, timeoutMs));
    if (scan === undefined) return [];
    const uris = suggestInIndex(scan, query, request, lang, pageOf(request));
    const fields = request.fields ?? NO_FIELDS;
    const details = fields.size === 0 || uris.length === 0 ? undefined : await this.options.concepts.fieldDetails(uris, lang, fields);
    // fields asked for are always present: empty where the store has nothing for them
    return uris.map((uri) => ({
      uri,
      prefLabel: prefLabelOf(scan.index, uri, lang),
      altLabels: [],
      related: [],
      ...(details === undefined ? {} : (details.get(uri)?.fields(fields) ?? emptyFields(fields))),
    }));
  }

  /** On the store path, candidates are the concepts /search would find (so a typo finds nothing here); the names' queries run at once, as the gate allows. */
  reconcile(names: readonly NameQuery[]): Promise<NameCandidates[]> {
    return Promise.all(names.map(({ q, filter, limit, display }) => this.reconcileOne(q, filter, limit, display)));
  }

  private async reconcileOne(q: string, filter: ReconcileFilter, limit: number, display: string): Promise<NameCandidates> {
    const scheme =
      filter.schemes?.length === 1 && filter.schemes[0] !== undefined && isRdfIri(filter.schemes[0]) ? filter.schemes[0] : undefined;
    const scan = await this.gated((timeoutMs) =>
      this.candidates(
        'search',
        new RankQuery('search', searchTerms(q)),
        { q, count: limit, page: 1, lang: filter.lang, scheme },
        timeoutMs,
      ),
    );
    // the store's /search looks for no typos: a candidate a typo away is never known to be the only one
    return { ...(scan === undefined ? { candidates: [], equalCount: 0 } : named(scan, q, filter, limit, display)), typosSought: false };
  }

  /** Among what /search finds by the notation. */
  /** One query for all the texts (notations.rq): the notations matched as terms, not a search for each. */
  async withNotations(texts: readonly string[]): Promise<string[]> {
    if (texts.length === 0) return [];
    const query = bindQuery(this.options.queries.template('notations'), {
      // each once: Virtuoso answered the same VALUES with a text twice in seconds, not milliseconds
      notation: [...new Set(texts)].map((text) => rdf.literal(text)),
    });
    const byText = new Map<string, string[]>();
    for (const row of await this.options.store.select(query, 'notations')) {
      if (row.concept?.termType !== 'NamedNode' || row.notation === undefined) continue;
      const concepts = byText.get(row.notation.value);
      if (concepts === undefined) byText.set(row.notation.value, [row.concept.value]);
      else concepts.push(row.concept.value);
    }
    return [...new Set(texts.flatMap((text) => (byText.get(text) ?? []).sort()))];
  }

  async namespaces(): Promise<string[]> {
    this.namespaceList ??= this.options.store
      .select(bindQuery(this.options.queries.template('conceptSample'), { conceptType: this.options.conceptTypes }), 'conceptSample')
      .then((rows) => namespacesOf(rows.flatMap((row: Bindings) => (row.concept?.termType === 'NamedNode' ? [row.concept.value] : []))));
    // a store that failed is asked again next time
    this.namespaceList.catch(() => (this.namespaceList = undefined));
    return this.namespaceList;
  }

  /** Read from the store as /get reads them. */
  async shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>> {
    return new Map((await this.options.concepts.get(uris, lang, fields)).map((concept) => [concept.uri, concept]));
  }

  // The lists of browsing read the store as /search does: through the loading gate while the
  // first index is built (a scheme's top concepts may be all its concepts).

  async schemes(lang: string): Promise<SchemeSummary[]> {
    return [
      ...(await this.kept(`schemes\n${lang}`, () => this.gated((timeoutMs) => this.options.concepts.hierarchy.schemes(lang, timeoutMs)))),
    ];
  }

  async schemeIris(): Promise<string[]> {
    return [...(await this.kept('scheme IRIs', () => this.gated((timeoutMs) => this.options.concepts.hierarchy.schemeIris(timeoutMs))))];
  }

  async top(request: BrowseRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.options.defaultLang;
    const list = await this.kept(`top\n${request.uri}\n${lang}`, () =>
      this.gated((timeoutMs) => this.options.concepts.hierarchy.top(request.uri, lang, timeoutMs)),
    );
    return this.page(list, request, lang);
  }

  async narrower(request: BrowseRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.options.defaultLang;
    const { concepts } = this.options;
    // a URI that is no concept has nothing below it (API.md), whatever points to it
    const [below, self] = await Promise.all([
      this.kept(
        `narrower\n${request.uri}\n${lang}`,
        async () => (await this.gated((timeoutMs) => concepts.hierarchy.narrowerOf([request.uri], lang, timeoutMs))).get(request.uri) ?? [],
      ),
      concepts.get([request.uri], lang),
    ]);
    return self.length === 0 ? [] : this.page(below, request, lang);
  }

  /**
   * A browsing list read whole from the store (its order, the index's, cannot be asked of
   * the store), kept for the next pages: at most KEPT_LIST_CONCEPTS concepts in all, for
   * KEPT_LIST_SECONDS, for this state of the vocabulary only (a change makes a new finder).
   * Read once: a request for a list being read waits for that read, and the read is for no
   * client (`forNoClient`), so that it is finished and kept whoever leaves, and a client that
   * comes back finds it made.
   */
  private async kept<T extends readonly unknown[]>(key: string, read: () => Promise<T>): Promise<T> {
    const found = this.lists.get(key);
    if (found !== undefined) return found as T;
    let reading = this.reading.get(key);
    if (reading === undefined) {
      reading = forNoClient(read).then((list) => {
        if (list.length <= KEPT_LIST_CONCEPTS) this.lists.set(key, list);
        return list;
      });
      const settled = (): void => void this.reading.delete(key);
      reading.then(settled, settled);
      this.reading.set(key, reading);
    }
    return (await reading) as T;
  }

  /** The request's page of a browsing list, read as /get reads concepts. */
  private async page(list: readonly Placed[], request: BrowseRequest, lang: string): Promise<Concept[]> {
    const { limit, offset } = pageOf(request);
    const uris = list.slice(offset, offset + limit).map((placed) => placed.uri);
    return uris.length === 0 ? [] : this.options.concepts.get(uris, lang, request.fields ?? NO_FIELDS);
  }

  async languages(): Promise<string[]> {
    const query = bindQuery(this.options.queries.template('languages'), { conceptType: this.options.conceptTypes });
    return (await this.options.store.select(query, 'languages')).flatMap((row: Bindings) =>
      row.lang?.termType === 'Literal' && isLangTag(row.lang.value) ? [row.lang.value] : [],
    );
  }

  /** One row at most (`speaks.rq`): found at once where the language is there, a scan where it is not. */
  async speaks(lang: string): Promise<boolean> {
    const query = bindQuery(this.options.queries.template('speaks'), {
      conceptType: this.options.conceptTypes,
      lang: rdf.literal(lang),
    });
    return (await this.options.store.select(query, 'speaks')).length > 0;
  }

  /**
   * `ask`, through the loading gate while the first index is built; refused at once (503,
   * Retry-After) when the store would refuse its queries anyway, before any query is made:
   * a crowd past the queue costs the thread that answers HTTP nothing but its refusals.
   */
  private gated<T>(ask: (timeoutMs?: number) => Promise<T>): Promise<T> {
    try {
      this.admitted();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.options.gate === undefined ? ask() : this.options.gate(ask);
  }

  /** Throws OverloadedError (503, Retry-After) when the store would refuse a query now: a crowd is refused before its words are read. */
  private admitted(): void {
    if (this.options.store.admits?.() === false) throw new OverloadedError();
  }

  /**
   * The concepts whose labels may match (`search.rq` or `suggest.rq`, the shortest labels
   * first, at most STORE_CANDIDATES more than the page needs), read whole (`labels.rq`) into a
   * label index of their own, with its scan. Undefined when no concept may match.
   */
  private async candidates(name: Endpoint, query: RankQuery, request: FindRequest, timeoutMs?: number): Promise<IndexScan | undefined> {
    const { store, queries, conceptTypes } = this.options;
    const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
    const left = (): number | undefined => (deadline === undefined ? undefined : Math.max(1, deadline - Date.now()));
    if (request.scheme !== undefined && !isRdfIri(request.scheme)) return undefined;
    const words = query.words.length === 0 ? [] : candidateWords(query, request.lang === undefined ? undefined : [request.lang]);
    if (words.length === 0 && name === 'suggest') return undefined;
    const literal = (value: string): Term => rdf.literal(value);
    const template = queries.template(name);
    const page = pageOf(request);
    const found = bindQuery(
      template,
      {
        ...(mentionsVariable(template, 'textQuery') ? { textQuery: this.textQuery(words) } : {}),
        wordPattern: candidatePatterns(words).map(literal),
        ...(name === 'search' ? { notation: literal(request.q) } : {}),
        lang: request.lang === undefined ? undefined : literal(request.lang),
        scheme: request.scheme === undefined ? undefined : rdf.namedNode(request.scheme),
        conceptType: conceptTypes,
      },
      { limit: page.offset + page.limit + STORE_CANDIDATES, offset: 0 },
    );
    // An IRI that IRI validation refuses (kept from a leniently loaded file) cannot be named in
    // the next query: left out, as the label index leaves it out.
    const concepts = (await store.select(found, name, left())).flatMap((row: Bindings) =>
      row.concept?.termType === 'NamedNode' && isRdfIri(row.concept.value) ? [row.concept] : [],
    );
    if (concepts.length === 0) return undefined;
    const builder = new LabelIndexBuilder(this.options.defaultLang, this.options.conceptWeights);
    const labels = bindQuery(queries.template('labels'), {
      concept: concepts,
      conceptType: conceptTypes,
      partFrom: undefined,
      partTo: undefined,
    });
    const rows = await store.select(labels, 'labels', left());
    // each of a crowd's answers is read and ranked in a turn of its own: what waits meanwhile
    // (a /health probe, a keystroke) goes between two of them, not after all
    await nextTurn();
    for (const row of rows) {
      const { concept, property, value } = row;
      if (concept === undefined || property === undefined || value === undefined) continue;
      builder.add({
        concept: concept.value,
        property: property.value,
        value: value.value,
        language: value.termType === 'Literal' ? labelLanguage(value.language) : '',
      });
    }
    return new IndexScan(new LabelIndex(builder.build()));
  }

  /** The text index query, when the spelling variants are known and a query word can use the index. */
  private textQuery(words: readonly CandidateWord[]): Term | undefined {
    const variants = this.options.spellings;
    const text = variants === undefined ? undefined : virtuosoTextQuery(words, variants);
    return text === undefined ? undefined : rdf.literal(text);
  }
}
