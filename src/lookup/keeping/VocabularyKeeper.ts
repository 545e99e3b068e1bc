import { garbageCollector } from '../../index/layOut.js';
import { forNoClient } from '../../clientScope.js';
import type { Logger } from '../../log.js';
import { probeXlLabels } from '../../sparql/probeXlLabels.js';
import type { QueryCatalog } from '../../sparql/QueryCatalog.js';
import { readSpellingVariants } from '../../sparql/readSpellingVariants.js';
import type { SpellingVariants } from '../../sparql/SpellingVariants.js';
import type { SparqlStore } from '../../store/SparqlStore.js';
import { unnamedConcepts, type BuiltIndex, type IndexBuilds, type IndexReport } from './IndexBuilds.js';
import { lifecycleOf, type Lifecycle } from './Lifecycle.js';

/**
 * What the service keeps in memory of the vocabulary, read from the store. A state is never
 * changed: the keeper swaps in a new one whole, so a request that took one works on it to its
 * end, whatever is swapped in meanwhile.
 */
export interface VocabularyState {
  /** The catalogue in use: without the SKOS-XL branches once the store is known to hold no SKOS-XL label. */
  readonly queries: QueryCatalog;
  /** The store's spelling variants (a dialect with a text index), once read. */
  readonly spellings: SpellingVariants | undefined;
  /** The whole vocabulary's label index, once in (with LABEL_INDEX on). */
  readonly index: BuiltIndex | undefined;
  /**
   * The change probe said the store's labels moved since `index` was read, and no index of
   * the new ones is in yet: concepts by URI are read from the store meanwhile (the store is
   * the authority), while searches go on in `index`.
   */
  readonly stale?: boolean | undefined;
}

/** The first wait before a build is tried again when the store could not be reached; doubled at each try, up to RETRY_CAP_MS. */
export const RETRY_FIRST_MS = 1000;
/** The longest wait between two tries of a store that cannot be reached: a store that comes late is in use within seconds of its arrival. */
export const RETRY_CAP_MS = 10_000;

/** How often a replica that waits for another's build of a change looks at the shared snapshot. */
const SHARED_POLL_MS = 5000;

/**
 * When the thread that answers HTTP collects garbage after an index was replaced: once the
 * requests that started on it are likely done, and once more after the slowest of them. The
 * old index is shared memory that V8 frees only when its objects are collected, and it does
 * not count that memory towards a collection: on a heap of some 20 MB none came, and every
 * rebuild at 200,000 concepts left its 45 MB index behind (1,008 MB at rest, then 1,028,
 * 1,079, 1,124, 1,170 after four SIGHUPs; with a collection after each, 960 to 968).
 */
const COLLECT_AFTER_MS = [2000, 30_000];
let collector: (() => void) | undefined;

/** Collects garbage on this thread a little after an index was replaced (COLLECT_AFTER_MS). */
function collectRetired(): void {
  collector ??= garbageCollector();
  for (const ms of COLLECT_AFTER_MS) setTimeout(collector, ms).unref();
}

/** The parts of the state, each read on its own cadence in one loop. */
export type Part = 'xlLabels' | 'spellings' | 'index';

export interface VocabularyKeeperOptions {
  store: SparqlStore;
  /** The catalogue as loaded (with its SKOS-XL branches). */
  queries: QueryCatalog;
  log: Logger;
  /** Whether the spelling variants are read (the dialect has `accentedLabels.rq`). */
  spellings: boolean;
  /** With LABEL_INDEX on: what builds the label index. */
  index?: IndexBuilds | undefined;
  /** How often the SKOS-XL probe and the spelling variants are read again (CACHE_TTL_SECONDS). */
  refreshSeconds: number;
  /** How often the store is asked whether its labels changed, to build the index again (LABEL_INDEX_REFRESH_SECONDS). */
  indexRefreshSeconds: number;
  /**
   * Without a label index, on a store whose data can change: the store's change stamp (what
   * its labels count and measure), asked every `indexRefreshSeconds`; when it moves, the
   * state is swapped anew, and with it the version of every answer.
   */
  stamp?: (() => Promise<string>) | undefined;
  /** Without a label index: whether the store holds any concept (one row asked), read at start and at each refresh. */
  holdsConcepts?: (() => Promise<boolean>) | undefined;
}

/**
 * The one lifecycle of what is kept in memory: at start it takes the index snapshot (if one
 * matches), asks whether the store holds SKOS-XL labels (first: that chooses the queries the
 * others run), then reads the spelling variants and builds the label index at the same time.
 * From then on one timer reads each part again when it is due: the SKOS-XL probe and the
 * spelling variants every `refreshSeconds`, the index's change probe every
 * `indexRefreshSeconds` (a build only when the store changed). Each part read swaps in a new
 * state made of the then current one and that part; a part that cannot be read keeps what
 * was there (logged), and the service does without it: slower, never different.
 */
export class VocabularyKeeper {
  private state: VocabularyState;
  private readonly due = new Map<Part, number>();
  private readonly running = new Set<Part>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** When the keeper was made: the start of the wait for the first build (`loading`). */
  private readonly created = Date.now();
  /** Set while the store cannot be reached: the tries so far, and when the next build is tried. */
  private retry: { tries: number; at: number } | undefined;
  /** States swapped in so far: part of `version`. */
  private swaps = 0;
  /** The store's change stamp as last read (`options.stamp`). */
  private stamp: string | undefined;
  /** While another replica builds a change into the shared snapshot: when to look at the snapshot again. */
  private awaitingShared: number | undefined;
  /** Why the last build, which found nothing to serve, did not replace the index in use (/ready says it). */
  private emptyRebuild: string | undefined;
  /** Without a label index: set while the store holds no concept (/ready says it). */
  private noConceptInStore: string | undefined;

  /** Told of each new state before it is swapped in (to choose what answers from it, once). */
  private readonly listeners: Array<(state: VocabularyState) => void> = [];

  constructor(private readonly options: VocabularyKeeperOptions) {
    this.state = { queries: options.queries, spellings: undefined, index: undefined };
  }

  /** Tells `listener` of each state before it is swapped in, from now on. */
  onSwap(listener: (state: VocabularyState) => void): void {
    this.listeners.push(listener);
  }

  get current(): VocabularyState {
    return this.state;
  }

  /**
   * Reads every part, as said above, and starts the timer. Resolves once the first reads are
   * done (the index built); never rejects.
   */
  async start(): Promise<void> {
    const { index } = this.options;
    const now = Date.now();
    const snapshot = await index?.fromSnapshot();
    if (snapshot !== undefined) this.swap({ index: snapshot });
    await this.read('xlLabels');
    const first: Promise<void>[] = [this.checkConceptsInStore()];
    if (this.options.spellings) first.push(this.read('spellings'));
    // A snapshot is as fresh as its build: the first check comes when a refresh from that build
    // would be due, so replicas started together from a fresh snapshot do not all ask the store at once.
    // without an index, the store's change stamp is read in the background: the start does not wait for it
    if (index === undefined && this.options.stamp !== undefined) {
      this.due.set('index', now);
      this.schedule();
    }
    if (index !== undefined) {
      const checkAt = snapshot === undefined ? now : snapshot.built + this.options.indexRefreshSeconds * 1000;
      if (checkAt <= now) first.push(this.read('index'));
      else {
        this.due.set('index', checkAt);
        this.schedule();
      }
    }
    await Promise.all(first);
  }

  /**
   * Reads every part again now (SIGHUP): the SKOS-XL probe first, then the spelling variants
   * and a new index build. Without a label index, answers are made anew from the store from
   * now on (a new version).
   */
  async refresh(): Promise<void> {
    if (this.options.index === undefined) this.swap({});
    await this.read('xlLabels');
    await this.checkConceptsInStore();
    await Promise.all([this.options.spellings ? this.read('spellings') : undefined, this.buildIndex()]);
    if (this.retry !== undefined) {
      this.due.set('index', this.retry.at);
      this.schedule();
    }
  }

  /** Without a label index: asks whether the store holds a concept; a store that does not answer says nothing (its ping does). */
  private async checkConceptsInStore(): Promise<void> {
    if (this.options.holdsConcepts === undefined) return;
    try {
      this.noConceptInStore = (await this.options.holdsConcepts())
        ? undefined
        : 'the store holds no concept (none typed with CONCEPT_TYPES in the graphs read): check SPARQL_ENDPOINT, SPARQL_GRAPH and CONCEPT_TYPES, and that the vocabulary is loaded; `npm start -- check` with LABEL_INDEX=on says which graphs hold concepts';
    } catch (error) {
      this.options.log.warn('cannot tell whether the store holds concepts', error);
    }
    if (this.noConceptInStore !== undefined) this.options.log.warn(this.noConceptInStore);
  }

  /** Stops the timer; a read under way finishes. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * The lookup's state now (Lifecycle.ts): its phase, why it is not ready, how far the first
   * build got, why it answers below full speed or from an older index. Decided in one place,
   * `lifecycleOf`, from what the keeper and the builds know; the loading gate, /ready and
   * `check` read it.
   */
  get lifecycle(): Lifecycle {
    const builds = this.options.index;
    const index = this.state.index;
    const running = builds?.running;
    return lifecycleOf({
      withIndex: builds !== undefined,
      index:
        index === undefined
          ? undefined
          : {
              built: index.built,
              noConcepts:
                index.noConcepts ??
                (index.index.conceptCount === 0 ? 'the label index read from the snapshot holds no concept' : undefined),
            },
      building: running === undefined ? undefined : { says: running, loading: builds?.loading },
      failure: builds?.failure,
      retry: this.retry,
      emptyRebuild: this.emptyRebuild,
      noConceptInStore: this.noConceptInStore,
      created: this.created,
      refreshSeconds: this.options.indexRefreshSeconds,
      now: Date.now(),
    });
  }

  /** With an index in use whose concepts have labels but neither a prefLabel nor an rdfs:label: what `check` says of it. */
  get namingWarning(): string | undefined {
    const index = this.state.index;
    return index?.noPrefLabels === true ? unnamedConcepts(index.index.conceptCount) : undefined;
  }

  /**
   * The store answered a query (/ready's check): a build waiting to try the store again after
   * it could not reach it is tried now, not at the end of its wait (up to 10 s).
   */
  storeAnswers(): void {
    if (this.retry === undefined || this.retry.at <= Date.now() || this.running.has('index')) return;
    this.retry.at = Date.now();
    this.due.set('index', this.retry.at);
    // the build is for no client: one leaving /ready must not cut its store reads short
    forNoClient(() => this.schedule());
  }

  /** What happened to a snapshot that could not be used (damaged, set aside), for /ready; undefined when nothing did. */
  get snapshotProblem(): string | undefined {
    return this.options.index?.snapshotProblem;
  }

  /** What the index in use holds and what its build cost (for /ready); undefined without one, or when read from a snapshot. */
  get indexReport(): IndexReport | undefined {
    return this.state.index?.report;
  }

  /**
   * The version of the vocabulary that answers come from now: the index in use (when it was
   * built: the same on replicas that read one snapshot) and the states swapped in since the
   * start. It changes whenever an answer may: a new index, the index found stale, the store's
   * change stamp moved, SIGHUP without an index, other queries or spelling variants.
   */
  get version(): string {
    return `${(this.state.index?.built ?? this.created).toString(36)}.${this.swaps.toString(36)}`;
  }

  private swap(change: Partial<VocabularyState>): void {
    if (change.index !== undefined && this.state.index !== undefined && change.index.index !== this.state.index.index) collectRetired();
    const next = { ...this.state, ...change };
    for (const listener of this.listeners) listener(next);
    this.state = next;
    this.swaps++;
  }

  /** Reads one part now as its timer does (the index: built only when the store's labels changed), unless it is being read; never rejects. */
  async read(part: Part): Promise<void> {
    if (this.running.has(part)) return;
    this.running.add(part);
    try {
      if (part === 'xlLabels') await this.readXlLabels();
      else if (part === 'spellings') await this.readSpellings();
      else await this.checkIndex();
    } finally {
      this.running.delete(part);
      const every = (part === 'index' ? this.options.indexRefreshSeconds : this.options.refreshSeconds) * 1000;
      this.due.set(part, part === 'index' ? (this.retry?.at ?? this.awaitingShared ?? Date.now() + every) : Date.now() + every);
      this.schedule();
    }
  }

  private async readXlLabels(): Promise<void> {
    try {
      const held = await probeXlLabels(this.options.store, this.options.queries);
      const queries = this.options.queries.withXlBranches(held);
      if (queries !== this.state.queries) this.swap({ queries });
    } catch (error) {
      this.options.log.warn('cannot tell whether the store holds SKOS-XL labels; matching them as before', error);
    }
  }

  private async readSpellings(): Promise<void> {
    const started = Date.now();
    try {
      const { variants, labels } = await readSpellingVariants(this.options.store, this.state.queries);
      this.swap({ spellings: variants });
      this.options.log.info(`read ${variants.size} spellings with diacritics from ${labels} labels in ${Date.now() - started} ms`);
    } catch (error) {
      this.options.log.warn('cannot read the spellings with diacritics; searching without the text index until the next try', error);
    }
  }

  /** Builds when there is no index yet, or when the store's labels changed. */
  private async checkIndex(): Promise<void> {
    const builds = this.options.index;
    const index = this.state.index;
    if (builds === undefined) return this.readStamp();
    // the store was not there: the SKOS-XL probe (which chooses the queries) failed too, and is asked again first
    if (this.retry !== undefined) await this.readXlLabels();
    if (index === undefined) return this.buildIndex();
    // waiting for another replica's build of a change: the snapshot is looked at, the store not asked
    if (this.awaitingShared === undefined && !(await builds.changedSince(index))) return;
    if (this.state.stale !== true) this.swap({ stale: true });
    // replicas sharing the snapshot: the first to see the change builds, the others read its build
    const shared = await builds.fromSharedBuild(index);
    if (shared !== undefined) {
      this.options.log.info("label index: the store's labels changed, and the shared snapshot holds them: read from it");
      this.awaitingShared = undefined;
      return this.swap({ index: shared, stale: false });
    }
    if (!(await builds.claimBuild())) {
      if (this.awaitingShared === undefined)
        this.options.log.info("label index: the store's labels changed; another replica is building them into the shared snapshot");
      this.awaitingShared = Date.now() + SHARED_POLL_MS;
      return;
    }
    this.awaitingShared = undefined;
    await this.buildIndex();
  }

  /**
   * Builds now. A build that could not reach the store is tried again after a wait that
   * doubles at each try, from RETRY_FIRST_MS up to RETRY_CAP_MS; any other failure waits for
   * the timer (LABEL_INDEX_REFRESH_SECONDS), as a full read that failed midway would fail again.
   */
  private async buildIndex(): Promise<void> {
    const builds = this.options.index;
    if (builds === undefined) return;
    const current = this.state.index;
    const built = await builds.build(current !== undefined);
    if (built !== undefined && built.noConcepts !== undefined && current !== undefined && current.noConcepts === undefined) {
      // the store emptied, or a graph went missing: the vocabulary that served stays (a restart takes the store as it is)
      this.emptyRebuild = `the last build of the label index found nothing to serve (${built.noConcepts}); answers come from the index built ${new Date(current.built).toISOString()}, kept until a build finds concepts (restart the service to serve the store as it is)`;
      this.options.log.warn(`label index: ${this.emptyRebuild}`);
      this.retry = undefined;
      return;
    }
    this.emptyRebuild = undefined;
    if (built !== undefined) {
      if (this.retry !== undefined) this.options.log.info(`the store answers: label index built after ${this.retry.tries} tries`);
      this.retry = undefined;
      this.swap({ index: built, stale: false });
    } else if (builds.unreachable) {
      const tries = (this.retry?.tries ?? 0) + 1;
      this.retry = { tries, at: Date.now() + Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** (tries - 1)) };
    } else this.retry = undefined;
  }

  /** Without an index: asks the store's change stamp, and swaps the state anew when it moved. */
  private async readStamp(): Promise<void> {
    if (this.options.stamp === undefined) return;
    try {
      const stamp = await this.options.stamp();
      if (this.stamp !== undefined && stamp !== this.stamp) {
        this.options.log.info("the store's labels changed: answers are made anew from it");
        await this.checkConceptsInStore();
        this.swap({});
      }
      this.stamp = stamp;
    } catch (error) {
      this.options.log.warn("cannot tell whether the store's labels changed; answers kept as they are", error);
    }
  }

  /** One timer, set for the part due first. */
  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const next = Math.min(...this.due.values());
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => void this.tick(), Math.max(0, next - Date.now()));
    this.timer.unref();
  }

  /** Reads the parts that are due: the SKOS-XL probe first (it chooses the queries that the others run), then the rest at once. */
  private async tick(): Promise<void> {
    const now = Date.now();
    const parts = (['xlLabels', 'spellings', 'index'] as const).filter((part) => (this.due.get(part) ?? Infinity) <= now);
    // a timer may fire a little before the wall clock says the part is due: set it again, or the loop would stop for good
    if (parts.length === 0) return this.schedule();
    for (const part of parts) this.due.set(part, Infinity); // due again once read
    if (parts.includes('xlLabels')) await this.read('xlLabels');
    // an index build may take minutes: the timer goes on for the other parts meanwhile
    await Promise.all(parts.filter((part) => part !== 'xlLabels').map((part) => this.read(part)));
  }
}
