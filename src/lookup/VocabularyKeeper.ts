import type { Logger } from '../log.js';
import { probeXlLabels } from '../sparql/probeXlLabels.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { readSpellingVariants } from '../sparql/readSpellingVariants.js';
import type { SpellingVariants } from '../sparql/SpellingVariants.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import type { BuiltIndex, IndexBuilds, IndexReport } from './IndexBuilds.js';
import type { Loading } from './LoadingGate.js';

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

  constructor(
    private readonly options: VocabularyKeeperOptions,
    /** Called with each new state before it is swapped in (to choose what answers from it, once). */
    private readonly onSwap: (state: VocabularyState) => void = () => {},
  ) {
    this.state = { queries: options.queries, spellings: undefined, index: undefined };
    onSwap(this.state);
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
    const first: Promise<void>[] = [];
    if (this.options.spellings) first.push(this.read('spellings'));
    // A snapshot is as fresh as its build: the first check comes when a refresh from that build
    // would be due, so replicas started together from a fresh snapshot do not all ask the store at once.
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

  /** Reads every part again now (SIGHUP): the SKOS-XL probe first, then the spelling variants and a new index build. */
  async refresh(): Promise<void> {
    await this.read('xlLabels');
    await Promise.all([this.options.spellings ? this.read('spellings') : undefined, this.buildIndex()]);
  }

  /** Stops the timer; a read under way finishes. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * Why /search and /suggest do not answer at full speed yet, for /ready: the store holds no
   * concept, or the first build is under way (and how far it got). Undefined once an index is
   * in, after a failed build (the store's queries answer, slower; the next build is tried on
   * the timer), or without LABEL_INDEX.
   */
  get pending(): string | undefined {
    const builds = this.options.index;
    if (builds === undefined) return undefined;
    const index = this.state.index;
    if (index !== undefined) return index.noConcepts;
    return builds.running ?? (builds.failure === undefined ? 'the label index is not built yet' : undefined);
  }

  /**
   * Why the service answers below full speed, for /ready: no index is in use because the last
   * build failed (why, and what happens next). Undefined when an index is in, while a build
   * runs, and without LABEL_INDEX.
   */
  get degraded(): string | undefined {
    const builds = this.options.index;
    if (builds === undefined || this.state.index !== undefined || builds.running !== undefined || builds.failure === undefined)
      return undefined;
    return (
      `the label index could not be built (${builds.failure}): /search and /suggest answer from the store's queries, slower, ` +
      `until a build succeeds; the next is tried within LABEL_INDEX_REFRESH_SECONDS (${this.options.indexRefreshSeconds} s) or on SIGHUP. The log says more.`
    );
  }

  /**
   * While no index is in use and the first build has not failed: how far it got, and an
   * estimate of the seconds left. Before the build has started (the start's first reads of
   * the store, such as the SKOS-XL probe, come first and may take seconds on a cold store),
   * a build of unknown size: keystrokes then go through the loading gate too, where they
   * went to the store with no budget of their own (a /suggest on a cold 2-million-concept
   * Fuseki waited over 30 s).
   */
  get loading(): Loading | undefined {
    const builds = this.options.index;
    if (builds === undefined || this.state.index !== undefined) return undefined;
    return (
      builds.loading ??
      (builds.failure === undefined
        ? { progress: 'not started yet: the store is asked what it holds first', secondsLeft: 5, expected: 0, started: this.created }
        : undefined)
    );
  }

  /** What the index in use holds and what its build cost (for /ready); undefined without one, or when read from a snapshot. */
  get indexReport(): IndexReport | undefined {
    return this.state.index?.report;
  }

  private swap(change: Partial<VocabularyState>): void {
    const next = { ...this.state, ...change };
    this.onSwap(next);
    this.state = next;
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
      this.due.set(part, Date.now() + (part === 'index' ? this.options.indexRefreshSeconds : this.options.refreshSeconds) * 1000);
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
    if (builds === undefined) return;
    if (index === undefined) return this.buildIndex();
    if (!(await builds.changedSince(index))) return;
    if (this.state.stale !== true) this.swap({ stale: true });
    await this.buildIndex();
  }

  private async buildIndex(): Promise<void> {
    const built = await this.options.index?.build(this.state.index !== undefined);
    if (built !== undefined) this.swap({ index: built, stale: false });
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
    for (const part of parts) this.due.set(part, Infinity); // due again once read
    if (parts.includes('xlLabels')) await this.read('xlLabels');
    // an index build may take minutes: the timer goes on for the other parts meanwhile
    await Promise.all(parts.filter((part) => part !== 'xlLabels').map((part) => this.read(part)));
  }
}
