import type { Logger } from '../log.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { Refreshed } from '../sparql/Refreshed.js';
import { bindQuery } from '../sparql/bindQuery.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { SNAPSHOT_FORMAT, readSnapshot, writeSnapshot } from './IndexSnapshot.js';
import { LabelIndex } from './LabelIndex.js';
import { LabelIndexBuilder, type BuildReport } from './LabelIndexBuilder.js';
import { probeVocabulary, readVocabulary, vocabularyReads, type ReadProgress, type VocabularyRead } from './readVocabulary.js';
import { PeakMemory } from './PeakMemory.js';
import { layOut } from './layOut.js';

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
  /** SKOS_ENTAILMENT: resources linked by skos:broader, skos:narrower, skos:related or skos:topConceptOf are concepts. */
  entailment?: boolean | undefined;
  /** Queries of the read that run at once (LABEL_INDEX_READ_PARALLEL). */
  parallel?: number | undefined;
  /** Triples a part holds where a store refused a whole pattern (readVocabulary; a million unless a test says less). */
  partTriples?: number | undefined;
}

/** What the last build found and cost: the start's log line and /ready's body. */
export interface IndexReport extends BuildReport {
  /** Seconds from the first query to the index in use. */
  buildSeconds: number;
  /** The most resident memory the process held during the build, in MiB. */
  peakRssMb: number;
  /** When it was built (ISO 8601). */
  built: string;
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
  private progress: { started: number; read: ReadProgress } | undefined;
  private failure: string | undefined;
  /** Set when the store holds labelled resources but no concept: what to change (/ready says it). */
  private noConcepts: string | undefined;
  /** What the index in use holds, and what its build cost. */
  report: IndexReport | undefined;
  private readonly reads: VocabularyRead[];

  constructor(
    store: SparqlStore,
    queries: QueryCatalog,
    private readonly options: LabelIndexOptions,
    log: Logger,
  ) {
    super(store, queries, options.refreshSeconds, log);
    this.reads = vocabularyReads(queries, options.conceptTypes);
  }

  /**
   * Why the service is not ready yet, for /ready: the first build is under way (and how far
   * it got). Undefined once an index is in, or once a build failed: the store's queries then
   * answer /search and /suggest, slower, and the next build is tried on the timer.
   */
  get pending(): string | undefined {
    if (this.noConcepts !== undefined) return this.noConcepts;
    if (this.current !== undefined) return undefined;
    const progress = this.progress;
    if (progress !== undefined) {
      const seconds = Math.round((Date.now() - progress.started) / 1000);
      const { triples, expected, counted, reads } = progress.read;
      const of = counted < reads ? ` (${counted} of ${reads} patterns counted so far: ${expected})` : ` of ${expected} (${Math.floor((100 * triples) / Math.max(1, expected))}%)`;
      return `building the label index: ${triples} triples read${of} in ${seconds} s`;
    }
    // After a failed build the service answers from the store's queries: slower, but ready.
    return this.failure === undefined ? 'the label index is not built yet' : undefined;
  }

  /** While the first build runs (no index in use yet): how far it got, and an estimate of the seconds left. */
  get loading(): { progress: string; secondsLeft: number; expected: number; started: number } | undefined {
    const progress = this.progress;
    if (this.current !== undefined || progress === undefined) return undefined;
    const seconds = (Date.now() - progress.started) / 1000;
    const { triples, expected } = progress.read;
    const share = expected === 0 ? 0 : Math.min(1, triples / expected);
    const percent = Math.floor(100 * share);
    return {
      progress: `${triples} of ${expected} triples read (${percent}%) in ${Math.round(seconds)} s`,
      // the read's pace so far, and as long again as a fifth of it for the layout
      secondsLeft: share === 0 ? 60 : (seconds / share) * 1.2 - seconds,
      expected,
      started: progress.started,
    };
  }

  /** How far the first build got, as numbers (for /ready's body); undefined when none runs. */
  get buildProgress(): { triples: number; expected: number; seconds: number } | undefined {
    const progress = this.progress;
    if (progress === undefined) return undefined;
    return { triples: progress.read.triples, expected: progress.read.expected, seconds: Math.round((Date.now() - progress.started) / 1000) };
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
        if ((await probeVocabulary(this.store, this.reads, this.options.readTimeoutMs)) === this.probe) {
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
    const read: ReadProgress = { triples: 0, expected: 0, counted: 0, reads: 0 };
    this.progress = { started, read };
    const memory = new PeakMemory();
    try {
      const builder = new LabelIndexBuilder(this.options.defaultLang, this.options.weights, this.options.entailment === true);
      const probe = await readVocabulary(this.store, this.reads, builder, { timeoutMs: this.options.readTimeoutMs, parallel: this.options.parallel ?? 2, progress: read, partTriples: this.options.partTriples });
      const readMs = Date.now() - started;
      const { data, report: found } = await layOut(builder);
      const index = new LabelIndex(data);
      this.report = { ...found, buildSeconds: Math.round((Date.now() - started) / 100) / 10, peakRssMb: memory.stop(), built: new Date().toISOString() };
      this.current = index;
      this.probe = this.store.streams ? probe : undefined;
      this.failure = undefined;
      this.noConcepts = found.concepts === 0 && found.labelled > 0 ? await this.whyNoConcepts(found) : undefined;
      const { words, bytes } = index.stats;
      this.log.info(`label index: ${describeReport(this.report)}; ${words} words, ${Math.round(bytes / 2 ** 20)} MB (${Math.round(bytes / Math.max(1, found.labels))} bytes a label); ${read.triples} triples read in ${readMs} ms, laid out in ${Date.now() - started - readMs} ms`);
      if (found.refused.count > 0) {
        this.log.warn(
          `label index: ${found.refused.count} concept${found.refused.count === 1 ? '' : 's'} left out, which no query can name (blank nodes, or IRIs that IRI validation refuses): ${found.refused.first.map((iri) => JSON.stringify(iri)).join(', ')}${found.refused.count > 3 ? ', ...' : ''}`,
        );
      }
      if (this.noConcepts !== undefined) this.log.warn(`label index: ${this.noConcepts}`);
      else if (found.wouldEntail > 0) {
        // a warning where they outnumber the concepts (an export that types a few of its concepts), else a note
        (found.wouldEntail > found.concepts ? this.log.warn : this.log.info).call(this.log,
          `label index: ${found.wouldEntail} labelled resources are linked by skos:broader, skos:narrower, skos:related or skos:topConceptOf but typed with none of ${this.options.conceptTypes.join(', ')}: ` +
            'they are no concepts. The SKOS reference makes them concepts (those properties have skos:Concept as domain and range): set SKOS_ENTAILMENT=on to take them as such.',
        );
      }
      this.writeSnapshot(index, this.probe);
    } catch (error) {
      memory.stop();
      this.failure = error instanceof Error ? error.message : String(error);
      this.log.warn(this.current === undefined ? 'cannot build the label index; searching in the store until it can' : 'cannot rebuild the label index; keeping the previous one', error);
    } finally {
      this.progress = undefined;
    }
  }

  /**
   * The store holds labelled resources and none is a concept: the types they have (with
   * counts), and the settings that would make them concepts.
   */
  private async whyNoConcepts(found: BuildReport): Promise<string> {
    let types = '';
    try {
      const rows = await this.store.select(bindQuery(this.queries.template('labelledTypes'), {}), 'labelledTypes');
      types = rows.flatMap((row) => (row.type === undefined ? [] : [`${row.type.value} (${row.resources?.value ?? '?'})`])).join(', ');
    } catch (error) {
      this.log.warn('cannot tell the types of the labelled resources', error);
    }
    const configured = this.options.conceptTypes.join(', ');
    return (
      `the store holds ${found.labelled} resources with labels, but none is a concept: none is typed ${configured} (CONCEPT_TYPES)` +
      (this.options.entailment === true ? ' or linked by skos:broader, skos:narrower, skos:related or skos:topConceptOf' : '') +
      `. ${types === '' ? 'They have no rdf:type.' : `Their types: ${types}.`} Set CONCEPT_TYPES to the class of your concepts` +
      (this.options.entailment === true ? '' : ', or SKOS_ENTAILMENT=on to take resources linked by SKOS relations as concepts')
    );
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

/** One line of what an index holds: concepts, labels by language (the largest few), schemes, what was left out, time and memory. */
export function describeReport(report: IndexReport): string {
  const languages = report.labelsByLanguage.slice(0, 5).map(([tag, n]) => `${tag === '' ? 'untagged' : tag} ${n}`);
  const more = report.labelsByLanguage.length > 5 ? `, ${report.labelsByLanguage.length - 5} more languages` : '';
  return (
    `${report.concepts} concepts${report.entailed > 0 ? ` (${report.entailed} by SKOS relations alone)` : ''}, ${report.labels} labels (${languages.join(', ')}${more}), ` +
    `${report.schemes} schemes, ${report.deprecated} deprecated, ${report.refused.count} refused IRIs; built in ${report.buildSeconds} s, peak RSS ${report.peakRssMb} MB`
  );
}
