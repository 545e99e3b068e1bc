import type { Logger } from '../log.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { Refreshed } from '../sparql/Refreshed.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { SNAPSHOT_FORMAT, readSnapshot, writeSnapshot } from './IndexSnapshot.js';
import { LabelIndex } from './LabelIndex.js';
import { LabelIndexBuilder } from './LabelIndexBuilder.js';
import { TruncatedAnswerError, countLabelRows, partsFor, probeChanges, readLabelRows } from './readLabelRows.js';

export interface LabelIndexOptions {
  conceptTypes: readonly string[];
  refreshSeconds: number;
  /** The time budget of one read of every label (not the per-request SPARQL_TIMEOUT_MS). */
  readTimeoutMs: number;
  /** INDEX_SNAPSHOT: where the index is written after each build and read at start. */
  snapshotPath?: string | undefined;
  /** What the index is built from; a snapshot of anything else is not used. */
  fingerprint: string;
  /** The configured default language (lower case): its prefLabels break ties (domain/ranking.ts). */
  defaultLang: string;
  /** CONCEPT_WEIGHTS, read: an institution's own counts by concept URI, part of the standing. */
  weights?: ReadonlyMap<string, number> | undefined;
}

/**
 * Keeps the label index: read at start from the snapshot if there is one that matches, and
 * built from the store in the background (one streamed read of `labels.rq`). Every
 * `refreshSeconds` a cheap count of the label rows tells whether the store changed, and only
 * then is the index built again; `refresh()` (SIGHUP) always builds. A build swaps in the new
 * index at once when it is complete: requests in flight finish on the old one, and a failed
 * build keeps it. While a build runs, the old index and the new one's parts are both in
 * memory (about twice the index at the peak).
 *
 * Until an index is in, `current` is undefined and /search and /suggest ask the store:
 * slower, never different.
 */
export class LabelIndexSource extends Refreshed {
  current: LabelIndex | undefined;
  /** The answer of `changes.rq` taken before `current` was read. */
  private probe: string | undefined;
  private building: Promise<void> | undefined;
  private progress: { started: number; rows: number; expected: number | undefined; counting?: boolean } | undefined;
  private failure: string | undefined;
  /** In how many parts the labels are read (see readLabelRows). */
  private parts: number | undefined;

  constructor(
    store: SparqlStore,
    queries: QueryCatalog,
    private readonly options: LabelIndexOptions,
    log: Logger,
  ) {
    super(store, queries, options.refreshSeconds, log);
  }

  /**
   * Why the service is not ready yet, for /ready: the first build is under way (and how far
   * it got). Undefined once an index is in, or once a build failed: the store's queries then
   * answer /search and /suggest, slower, and the next build is tried on the timer.
   */
  get pending(): string | undefined {
    if (this.current !== undefined) return undefined;
    const progress = this.progress;
    if (progress !== undefined) {
      const seconds = Math.round((Date.now() - progress.started) / 1000);
      if (progress.counting === true) return `building the label index: counting the store's label rows (${seconds} s)`;
      const of = progress.expected === undefined ? '' : ` of ${progress.expected} (${Math.floor((100 * progress.rows) / Math.max(1, progress.expected))}%)`;
      return `building the label index: ${progress.rows} label rows read${of} in ${seconds} s`;
    }
    // After a failed build the service answers from the store's queries: slower, but ready.
    return this.failure === undefined ? 'the label index is not built yet' : undefined;
  }

  /**
   * Takes the snapshot if it matches, then builds (or checks for changes). A snapshot is as
   * fresh as its build: the first check comes when a refresh from that build would be due
   * (at once for one older than `refreshSeconds`), so replicas started together from a fresh
   * snapshot do not all ask the store at once.
   */
  override async start(): Promise<void> {
    const built = this.readSnapshot();
    const due = built === undefined ? 0 : built + this.options.refreshSeconds * 1000 - Date.now();
    await super.start(Math.max(0, due) / 1000);
  }

  /** On the timer: builds when there is no index yet, or when the store's labels changed. */
  override async load(): Promise<void> {
    if (this.current !== undefined) {
      if (!this.store.streams) return; // the embedded store's data does not change while the service runs
      try {
        if ((await probeChanges(this.store, this.queries, this.options.readTimeoutMs)) === this.probe) {
          this.log.debug("label index: the store's labels have not changed");
          return;
        }
      } catch (error) {
        this.log.warn('cannot tell whether the labels changed; keeping the label index', error);
        return;
      }
    }
    await this.refresh();
  }

  /** Builds a new index and swaps it in; one build at a time. */
  refresh(): Promise<void> {
    this.building ??= this.build().finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const progress: { started: number; rows: number; expected: number | undefined; counting?: boolean } = { started, rows: 0, expected: undefined, counting: this.store.streams };
    this.progress = progress;
    try {
      const probe = this.store.streams ? await probeChanges(this.store, this.queries, this.options.readTimeoutMs) : undefined;
      const count = this.store.streams ? await countLabelRows(this.store, this.queries, this.options.conceptTypes, this.options.readTimeoutMs) : undefined;
      progress.expected = count;
      progress.counting = false;
      const builder = await this.read(count, progress);
      const read = Date.now() - started;
      const index = new LabelIndex(builder.build());
      this.current = index;
      this.probe = probe;
      this.failure = undefined;
      const { concepts, labels, words, bytes } = index.stats;
      const rss = Math.round(process.memoryUsage.rss() / 2 ** 20);
      this.log.info(
        `label index: ${concepts} concepts, ${labels} labels, ${words} words, ${Math.round(bytes / 2 ** 20)} MB (${Math.round(bytes / Math.max(1, labels))} bytes a label); ` +
          `${builder.rows} rows read in ${this.parts} part${this.parts === 1 ? '' : 's'} in ${read} ms, built in ${Date.now() - started - read} ms; RSS ${rss} MB`,
      );
      if (builder.unnameable.size > 0) {
        const first = [...builder.unnameable].slice(0, 3).map((iri) => JSON.stringify(iri));
        this.log.warn(
          `label index: ${builder.unnameable.size} concept${builder.unnameable.size === 1 ? '' : 's'} left out, which no query can name (blank nodes, or IRIs that IRI validation refuses): ${first.join(', ')}${builder.unnameable.size > 3 ? ', ...' : ''}`,
        );
      }
      this.writeSnapshot(index, probe);
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
      this.log.warn(this.current === undefined ? 'cannot build the label index; searching in the store until it can' : 'cannot rebuild the label index; keeping the previous one', error);
    } finally {
      this.progress = undefined;
    }
  }

  /**
   * Every label row, in a builder. A store that cuts its answers short is read again in as
   * many parts as fit under the cap it showed (Virtuoso sends 2^20 rows at most, whatever
   * ResultSetMaxRows says); the parts that worked are kept for the next build.
   */
  private async read(count: number | undefined, progress: { rows: number }): Promise<LabelIndexBuilder> {
    this.parts = Math.max(this.parts ?? 1, partsFor(this.store, count));
    for (let attempt = 1; ; attempt++) {
      const builder = new LabelIndexBuilder(this.options.defaultLang, this.options.weights);
      try {
        await readLabelRows(this.store, this.queries, this.options.conceptTypes, (row) => builder.add(row), {
          timeoutMs: this.options.readTimeoutMs,
          parts: this.parts,
          expected: count,
          progress: (rows) => (progress.rows = rows),
        });
        return builder;
      } catch (error) {
        if (!(error instanceof TruncatedAnswerError)) throw error;
        if (error.partsNeeded === undefined || attempt === 3) {
          throw new TruncatedAnswerError(
            `${error.message}. On Virtuoso, set ResultSetMaxRows in the [SPARQL] section of virtuoso.ini to 1048576 (more is not honoured); ` +
              "elsewhere, raise the store's limit on result rows. Until then /search and /suggest ask the store.",
            undefined,
          );
        }
        this.log.info(`label index: ${error.message}; reading again in ${error.partsNeeded} parts`);
        this.parts = Math.max(this.parts + 1, error.partsNeeded);
        progress.rows = 0;
      }
    }
  }

  /** Takes the snapshot as the index, if it matches; returns when it was built (ms since the epoch). */
  private readSnapshot(): number | undefined {
    const path = this.options.snapshotPath;
    if (path === undefined) return undefined;
    const started = Date.now();
    const snapshot = readSnapshot(path, this.options.fingerprint);
    if ('reason' in snapshot) {
      this.log.info(`label index snapshot ${path} not used: ${snapshot.reason}`);
      return undefined;
    }
    this.current = new LabelIndex(snapshot.data);
    this.probe = snapshot.header.probe;
    const { concepts, labels } = this.current.stats;
    this.log.info(`label index: read from the snapshot ${path} (built ${snapshot.header.built}) in ${Date.now() - started} ms: ${concepts} concepts, ${labels} labels`);
    return Date.parse(snapshot.header.built);
  }

  private writeSnapshot(index: LabelIndex, probe: string | undefined): void {
    const path = this.options.snapshotPath;
    if (path === undefined) return;
    const started = Date.now();
    try {
      const bytes = writeSnapshot(path, index.data, { format: SNAPSHOT_FORMAT, fingerprint: this.options.fingerprint, built: new Date().toISOString(), probe });
      this.log.info(`label index snapshot written to ${path} in ${Date.now() - started} ms (${Math.round(bytes / 2 ** 20)} MB)`);
    } catch (error) {
      this.log.warn(`cannot write the label index snapshot ${path}`, error);
    }
  }
}
