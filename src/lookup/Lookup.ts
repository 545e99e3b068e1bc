import { isRdfIri } from '../domain/iri.js';
import type { LabelIndex } from '../index/LabelIndex.js';
import type { Concept, ConceptFields, Field, SchemeSummary } from '../domain/Concept.js';
import type { BrowseRequest, FindRequest, Finder, NameCandidates, NameQuery } from './Finder.js';
import type { IndexReport } from './keeping/IndexBuilds.js';
import type { IndexPool } from './threads/IndexPool.js';
import { shownLabel } from './memory/shownLabel.js';
import type { Change, ClassCount, Description, LabelCount, LabelMap, StoreConcepts } from './storePath/StoreConcepts.js';
import type { Lifecycle } from './keeping/Lifecycle.js';
import type { VocabularyKeeper, VocabularyState } from './keeping/VocabularyKeeper.js';

const NO_FIELDS: ReadonlySet<Field> = new Set();

/** What answers from one state of the vocabulary: chosen once, when the state is swapped in. */
export interface Answering {
  state: VocabularyState;
  /** The label index's Finder when the index is in, else the store's. */
  finder: Finder;
  /** Concepts by URI, from the store with this state's queries. */
  concepts: StoreConcepts;
}

/**
 * The one thing the HTTP layer holds: every lookup of the contract and of reconciliation,
 * each handed to what answers from the current state of the vocabulary (a Finder and the
 * store's concepts), and the lifecycle of that state (start, refresh, close, readiness).
 * The only place that knows both the label index and the store.
 */
export class Lookup {
  constructor(
    private readonly keeper: VocabularyKeeper,
    /** What answers from the state the keeper holds now (Answerers.ts). */
    private readonly answerers: { readonly current: Answering },
    /** The threads that answer queries over the label index, if any (INDEX_WORKERS). */
    readonly pool?: IndexPool | undefined,
  ) {}

  private answering(): Answering {
    return this.answerers.current;
  }

  /** Asks the store the cheapest query there is. Rejects as the store does. */
  async ping(): Promise<void> {
    await this.answering().concepts.ping();
    this.keeper.storeAnswers();
  }

  /** Reads what is kept in memory, and refreshes it from then on (VocabularyKeeper). Never rejects. */
  start(): Promise<void> {
    return this.keeper.start();
  }

  /** Reads again what is kept in memory, the label index built anew: on SIGHUP. */
  refresh(): Promise<void> {
    return this.keeper.refresh();
  }

  /** Stops what runs in the background, and the pool's threads (calls still waiting are refused): after the requests in flight finished. */
  async close(): Promise<void> {
    this.keeper.stop();
    await this.pool?.close();
  }

  /** The version of the vocabulary answers come from now (VocabularyKeeper.version): cached answers and ETags follow it. */
  get version(): string {
    return this.keeper.version;
  }

  /** The concepts have labels but neither a prefLabel nor an rdfs:label (VocabularyKeeper.namingWarning). */
  get namingWarning(): string | undefined {
    return this.keeper.namingWarning;
  }

  /** A snapshot that could not be used (damaged, set aside), said by /ready. */
  get snapshotProblem(): string | undefined {
    return this.keeper.snapshotProblem;
  }

  /** The lookup's state now: its phase, and why it is not ready or not at full speed (Lifecycle.ts). */
  get lifecycle(): Lifecycle {
    return this.keeper.lifecycle;
  }

  /** What the label index in use holds and what its build cost (for /ready). */
  get indexReport(): IndexReport | undefined {
    return this.keeper.indexReport;
  }

  /** The label index in use, if any (for metrics). */
  get labelIndex(): LabelIndex | undefined {
    return this.keeper.current.index?.index;
  }

  search(request: FindRequest): Promise<Concept[]> {
    return this.answering().finder.search(request);
  }

  suggest(request: FindRequest): Promise<Concept[]> {
    return this.answering().finder.suggest(request);
  }

  reconcile(names: readonly NameQuery[]): Promise<NameCandidates[]> {
    return this.answering().finder.reconcile(names);
  }

  withNotations(texts: readonly string[]): Promise<string[]> {
    return this.answering().finder.withNotations(texts);
  }

  namespaces(): Promise<string[]> {
    return this.answering().finder.namespaces();
  }

  shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>> {
    return this.answering().finder.shown(uris, lang, fields);
  }

  languages(): Promise<string[]> {
    return this.answering().finder.languages();
  }

  /** Whether a concept's preferred label is in the language range `lang` (lower case). */
  speaks(lang: string): Promise<boolean> {
    return this.answering().finder.speaks(lang);
  }

  /** /schemes: every concept scheme (API.md, "Browsing"). */
  schemes(lang: string): Promise<SchemeSummary[]> {
    return this.answering().finder.schemes(lang);
  }

  /** The IRIs of the schemes /schemes lists: what /top checks its `scheme` against. */
  schemeIris(): Promise<string[]> {
    return this.answering().finder.schemeIris();
  }

  /** /top: a page of a scheme's top concepts. */
  top(request: BrowseRequest): Promise<Concept[]> {
    return this.answering().finder.top(request);
  }

  /** /narrower: a page of the concepts one level below a concept. */
  narrower(request: BrowseRequest): Promise<Concept[]> {
    return this.answering().finder.narrower(request);
  }

  /**
   * The concepts among `uris`, in the order given, each once. From the label index when it is
   * in and the store has not moved since it was read (no store query: the index holds what a
   * concept shows, label for label as `concepts.rq` gives it); from the store for what the
   * index does not hold (deprecated concepts, resources that are no concepts, unknown URIs),
   * and for all while there is no current index.
   */
  async get(uris: readonly string[], lang: string | undefined, fields: ReadonlySet<Field> = NO_FIELDS): Promise<Concept[]> {
    const { state, finder, concepts } = this.answering();
    if (state.index === undefined || state.stale === true) return concepts.get(uris, lang, fields);
    const distinct = [...new Set(uris)].filter(isRdfIri);
    const found = await finder.shown(distinct, lang ?? concepts.defaultLang, fields);
    const rest = distinct.filter((uri) => !found.has(uri));
    if (rest.length > 0) for (const concept of await concepts.get(rest, lang, fields)) found.set(concept.uri, concept);
    return distinct.flatMap((uri) => found.get(uri) ?? []);
  }

  /**
   * The labels of resources (concepts or not: reconciliation names the schemes of its
   * candidates), chosen as a prefLabel is; "" for one without. From the label index as `get`
   * is, for the resources it shows; the store for the rest, and for all without a current index.
   */
  async labelsOf(uris: readonly string[], lang: string): Promise<Map<string, string>> {
    const { state, concepts } = this.answering();
    const index = state.stale === true ? undefined : state.index?.index;
    if (index === undefined) return concepts.labelsOf(uris, lang);
    const found = new Map<string, string>();
    const rest: string[] = [];
    for (const uri of new Set(uris)) {
      const shown = isRdfIri(uri) ? index.shownAt(uri) : undefined;
      if (shown === undefined) rest.push(uri);
      else found.set(uri, shownLabel(index, shown, lang));
    }
    if (rest.length > 0) for (const [uri, label] of await concepts.labelsOf(rest, lang)) found.set(uri, label);
    return found;
  }

  /** How many labels of each kind a scheme's concepts hold in each language (StoreConcepts.labelStatistics): from the store. */
  labelStatistics(scheme: string): Promise<LabelCount[]> {
    return this.answering().concepts.labelStatistics(scheme);
  }

  /** How many of a scheme's members are of each class, deprecated ones apart (StoreConcepts.classCounts): from the store. */
  classCounts(scheme: string, lang: string): Promise<ClassCount[]> {
    return this.answering().concepts.classCounts(scheme, lang);
  }

  /** Where a scheme's vocabulary can be downloaded, as its data says (StoreConcepts.dataDump): from the store. */
  dataDump(scheme: string): Promise<string | undefined> {
    return this.answering().concepts.dataDump(scheme);
  }

  /** A page of a scheme's concepts by when they were made or changed, the latest first (StoreConcepts.changes): from the store. */
  changes(kind: 'created' | 'modified', scheme: string, page: { limit: number; offset: number }): Promise<Change[]> {
    return this.answering().concepts.changes(kind, scheme, page);
  }

  /** A resource's own statements from the store, and its links' prefLabels (StoreConcepts.describe): a concept as RDF. */
  describe(uri: string): Promise<Description> {
    return this.answering().concepts.describe(uri);
  }

  /**
   * The prefLabels and altLabels of resources with their languages (JSKOS' language maps): from
   * the label index, as `get` is, for the resources it shows; from the store for the rest.
   */
  async labelMaps(uris: readonly string[]): Promise<Map<string, LabelMap>> {
    const { state, concepts } = this.answering();
    const index = state.stale === true ? undefined : state.index?.index;
    if (index === undefined) return concepts.labelMaps(uris);
    const found = new Map<string, LabelMap>();
    const rest: string[] = [];
    for (const uri of new Set(uris)) {
      const shown = isRdfIri(uri) ? index.shownAt(uri) : undefined;
      if (shown === undefined) rest.push(uri);
      else {
        const { prefLabel, altLabel } = index.shownLabels(shown, ['prefLabel', 'altLabel']);
        found.set(uri, { prefLabel, altLabel });
      }
    }
    if (rest.length > 0) for (const [uri, map] of await concepts.labelMaps(rest)) found.set(uri, map);
    return found;
  }

  fieldsOf(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptFields>> {
    return this.answering().concepts.fieldsOf(uris, lang, fields);
  }
}
