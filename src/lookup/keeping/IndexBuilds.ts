import rdf from '@rdfjs/data-model';
import { HttpError } from '../../errors.js';
import type { Logger } from '../../log.js';
import type { QueryCatalog } from '../../sparql/QueryCatalog.js';
import { bindQuery } from '../../sparql/bindQuery.js';
import type { SparqlStore } from '../../store/SparqlStore.js';
import { LabelIndex } from '../../index/LabelIndex.js';
import type { BuildReport } from '../../index/BuildReport.js';
import { BuildThread } from '../threads/BuildThread.js';
import { probeVocabulary, readVocabulary, vocabularyReads, type ReadProgress, type VocabularyRead } from './readVocabulary.js';
import { PeakMemory } from './PeakMemory.js';
import { SharedSnapshot } from './SharedSnapshot.js';
import type { Loading } from './LoadingGate.js';

export interface LabelIndexOptions {
  conceptTypes: readonly string[];
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
  /** SPARQL_GRAPH: the graphs read (none: the store's default graph), for the message when they hold no concept. */
  graphs?: readonly string[] | undefined;
}

/** The message for concepts that have nothing to be named by: no label of any kind, no notation. */
function unnamed(found: BuildReport): string {
  return `the store holds ${found.concepts} concepts, but none has a label (skos:prefLabel, skos:altLabel, skos:hiddenLabel or their SKOS-XL forms) or a notation: nothing can find them or name them. Check that the data states their labels`;
}

/** Whether any concept of the index has a notation. */
function hasNotations(index: LabelIndex): boolean {
  return index.notationLists.offsets.length > 1;
}

/**
 * What `check` and the log say of concepts that have labels but neither a skos:prefLabel nor
 * an rdfs:label: found by their labels, shown with the prefLabel "" (the contract's rule).
 */
export function unnamedConcepts(concepts: number): string {
  return `none of the ${concepts} concepts has a skos:prefLabel or an rdfs:label: they are found by their other labels, but every answer shows their prefLabel as "" (the contract's rule); check that the data states prefLabels`;
}

/** What the last build found and cost: the start's log line and /ready's body. */
export interface IndexReport extends BuildReport {
  /** Lines of the store's answers that were no triple, skipped (ReadProgress.odd); absent when there were none. */
  unreadLines?: { count: number; first: string[] } | undefined;
  /** Seconds from the first query to the index in use. */
  buildSeconds: number;
  /** The most resident memory the process held during the build, in MiB. */
  peakRssMb: number;
  /** When it was built (ISO 8601). */
  built: string;
}

/** A label index in use, with what is known of it. */
export interface BuiltIndex {
  index: LabelIndex;
  /** What its build found and cost; undefined when it was read from a snapshot. */
  report?: IndexReport | undefined;
  /** The answer of the change probe taken before it was read (undefined on the embedded store, whose data does not change). */
  probe?: string | undefined;
  /** Set when it cannot serve (no concept, or concepts with nothing to be named by): why, and what to change (/ready says it). */
  noConcepts?: string | undefined;
  /** Its concepts have labels but no skos:prefLabel: they are named by altLabels (`check` says so). */
  noPrefLabels?: boolean | undefined;
  /** When it was built (ms since the epoch). */
  built: number;
}

/**
 * Makes label indexes: from the snapshot, if there is one that matches, or built from the
 * store (one streamed read of every pattern, `readVocabulary`), one build at a time. It keeps
 * none of them: VocabularyKeeper swaps what a build returns into the service's state. It
 * knows how far the build under way got, and why the last one failed.
 */
export class IndexBuilds {
  private building: Promise<BuiltIndex | undefined> | undefined;
  /** `layingOut`: when the read ended and the layout began. */
  private progress: { started: number; read: ReadProgress; layingOut?: number } | undefined;
  /** Why the last build failed; undefined after one that did not. */
  failure: string | undefined;
  /** The store's change stamp as `changedSince` last read it. */
  private probed: string | undefined;
  /** INDEX_SNAPSHOT, shared with other replicas: read at start, written after each build. */
  private readonly snapshot: SharedSnapshot | undefined;
  /** Whether the last build failed because the store could not be reached or was not answering (a 503): it is tried again soon. */
  unreachable = false;
  private readonly reads: VocabularyRead[];

  constructor(
    private readonly store: SparqlStore,
    private readonly queries: QueryCatalog,
    readonly options: LabelIndexOptions,
    private readonly log: Logger,
  ) {
    this.reads = vocabularyReads(queries, options.conceptTypes);
    this.snapshot = options.snapshotPath === undefined ? undefined : new SharedSnapshot(options.snapshotPath, options.fingerprint, log);
  }

  /** How far the build under way got (for /ready's message); undefined when none runs. */
  get running(): string | undefined {
    const progress = this.progress;
    if (progress === undefined) return undefined;
    const seconds = Math.round((Date.now() - progress.started) / 1000);
    const { triples, expected, counted, reads } = progress.read;
    if (progress.layingOut !== undefined)
      return `building the label index: ${triples} triples read in ${Math.round((progress.layingOut - progress.started) / 1000)} s; laying it out for ${Math.round((Date.now() - progress.layingOut) / 1000)} s`;
    const of =
      counted < reads
        ? ` (${counted} of ${reads} patterns counted so far: ${expected})`
        : ` of ${expected} (${Math.floor((100 * triples) / Math.max(1, expected))}%)`;
    return `building the label index: ${triples} triples read${of} in ${seconds} s`;
  }

  /** How far the build under way got, and an estimate of the seconds left; undefined when none runs. */
  get loading(): Loading | undefined {
    const progress = this.progress;
    if (progress === undefined) return undefined;
    const seconds = (Date.now() - progress.started) / 1000;
    const { triples, expected, counted, reads } = progress.read;
    const share = expected === 0 ? 0 : Math.min(1, triples / expected);
    const percent = Math.floor(100 * share);
    return {
      progress: `${triples} of ${expected} triples read (${percent}%) in ${Math.round(seconds)} s`,
      // the read's pace so far, and as long again as a fifth of it for the layout
      secondsLeft: share === 0 ? 60 : (seconds / share) * 1.2 - seconds,
      expected,
      sized: reads > 0 && counted === reads,
      started: progress.started,
    };
  }

  /**
   * Whether the store's vocabulary may differ from the one `built` was read from: always on a
   * store whose data can change and whose probe answers otherwise; never on the embedded
   * store. A probe that fails says no (the index in use is kept), logged.
   */
  async changedSince(built: BuiltIndex): Promise<boolean> {
    if (!this.store.streams) return false; // the embedded store's data does not change while the service runs
    try {
      this.probed = await probeVocabulary(this.store, this.reads, this.options.readTimeoutMs);
      if (this.probed === built.probe) {
        this.log.debug("label index: the store's labels have not changed");
        return false;
      }
      return true;
    } catch (error) {
      this.log.warn('cannot tell whether the labels changed; keeping the label index', error);
      return false;
    }
  }

  /**
   * Builds a new index from the store; one build at a time (a second call shares the first's).
   * Never rejects: a failure is logged, kept in `failure`, and resolves undefined.
   * @param current whether an index is in use (the warning differs)
   */
  build(current: boolean): Promise<BuiltIndex | undefined> {
    this.building ??= this.buildOnce(current).finally(async () => {
      this.building = undefined;
      // written or failed: the claim is let go either way (a failure lets another replica try)
      await this.snapshot?.release();
    });
    return this.building;
  }

  private async buildOnce(current: boolean): Promise<BuiltIndex | undefined> {
    const started = Date.now();
    const read: ReadProgress = { triples: 0, expected: 0, counted: 0, reads: 0 };
    this.progress = { started, read };
    const memory = new PeakMemory();
    let thread: BuildThread | undefined;
    try {
      // the build's own thread parses the answers and lays the index out: this one only moves their text
      thread = new BuildThread({
        defaultLang: this.options.defaultLang,
        weights: this.options.weights,
        entailment: this.options.entailment === true,
      });
      const probed = await readVocabulary(this.store, this.reads, thread, {
        timeoutMs: this.options.readTimeoutMs,
        parallel: this.options.parallel ?? 2,
        progress: read,
        partTriples: this.options.partTriples,
      });
      const readMs = Date.now() - started;
      if (this.progress !== undefined) this.progress.layingOut = Date.now();
      const { index, report: laidOut } = await thread.layOut();
      // the lines no reader could take: the resources they name are left out, as refused IRIs are
      const found = { ...laidOut, ...(read.odd === undefined ? {} : { unreadLines: read.odd }) };
      const report: IndexReport = {
        ...found,
        buildSeconds: Math.round((Date.now() - started) / 100) / 10,
        peakRssMb: memory.stop(),
        built: new Date().toISOString(),
      };
      const probe = this.store.streams ? probed : undefined;
      this.failure = undefined;
      this.unreachable = false;
      // an index with no concept, or whose concepts have nothing to be named by, is not ready: /ready and `check` say why
      const noConcepts =
        found.concepts === 0 ? await this.whyNoConcepts(found) : found.labels === 0 && !hasNotations(index) ? unnamed(found) : undefined;
      const noPrefLabels = found.concepts > 0 && found.labels > 0 && !index.anyConceptNamed();
      const { words, bytes } = index.stats;
      this.log.info(
        `label index: ${describeReport(report)}; ${words} words, ${Math.round(bytes / 2 ** 20)} MB (${Math.round(bytes / Math.max(1, found.labels))} bytes a label); ${read.triples} triples read in ${readMs} ms${knownReads(read)}, laid out in ${Date.now() - started - readMs} ms`,
      );
      this.warnOf(found, read, noConcepts, noPrefLabels);
      // one time for the index in use and its snapshot: replicas that read it answer with the same version
      const built = Date.parse(report.built);
      // an index that cannot serve is never shared: a replica or a restart would take it for the vocabulary
      if (noConcepts === undefined) await this.snapshot?.write(index, probe, report.built);
      return { index, report, probe, noConcepts, built, ...(noPrefLabels ? { noPrefLabels } : {}) };
    } catch (error) {
      memory.stop();
      this.failure = error instanceof Error ? error.message : String(error);
      this.unreachable = unreachable(error);
      this.log.warn(
        this.unreachable
          ? `cannot ${current ? 'rebuild' : 'build'} the label index: the store cannot be reached or is not answering yet; tried again in a few seconds${current ? ', keeping the previous one meanwhile' : ''}`
          : current
            ? 'cannot rebuild the label index; keeping the previous one'
            : "cannot build the label index; searching in the store until it can (/ready says so in 'degraded'); tried again within LABEL_INDEX_REFRESH_SECONDS or on SIGHUP",
        error,
      );
      return undefined;
    } finally {
      thread?.close();
      this.progress = undefined;
    }
  }

  /** What a build met that someone should fix or know: refused IRIs, unreadable lines, nothing to serve, concepts unnamed or untyped. */
  private warnOf(
    found: BuildReport & { unreadLines?: ReadProgress['odd'] },
    read: ReadProgress,
    noConcepts: string | undefined,
    noPrefLabels: boolean,
  ): void {
    if (found.refused.count > 0) {
      this.log.warn(
        `label index: ${found.refused.count} concept${found.refused.count === 1 ? '' : 's'} left out, which no query can name (blank nodes, or IRIs that IRI validation refuses): ${found.refused.first.map((iri) => JSON.stringify(iri)).join(', ')}${found.refused.count > 3 ? ', ...' : ''}`,
      );
    }
    if (read.odd !== undefined)
      this.log.warn(
        `label index: ${read.odd.count} line${read.odd.count === 1 ? '' : 's'} of the store's answers ${read.odd.count === 1 ? 'is' : 'are'} no triple and ${read.odd.count === 1 ? 'was' : 'were'} skipped (an IRI holding ">", a space, a quote or a line break, kept by a lenient load and written as it is); the resources they name are left out: ${read.odd.first.map((line) => JSON.stringify(line.slice(0, 120))).join(', ')}${read.odd.count > 3 ? ', ...' : ''}. Fix these IRIs in the data to have them served.`,
      );
    if (noConcepts !== undefined) this.log.warn(`label index: ${noConcepts}`);
    else if (noPrefLabels) this.log.warn(`label index: ${unnamedConcepts(found.concepts)}`);
    if (noConcepts === undefined && found.wouldEntail > 0) {
      // a warning where they outnumber the concepts (an export that types a few of its concepts), else a note
      (found.wouldEntail > found.concepts ? this.log.warn : this.log.info).call(
        this.log,
        `label index: ${found.wouldEntail === 1 ? '1 labelled resource is' : `${found.wouldEntail} labelled resources are`} linked by skos:broader, skos:narrower, skos:related or skos:topConceptOf but typed with none of ${this.options.conceptTypes.join(', ')}: ` +
          `${found.wouldEntail === 1 ? 'it is no concept' : 'they are no concepts'}. The SKOS reference makes such resources concepts (those properties have skos:Concept as domain and range): set SKOS_ENTAILMENT=on to take them as such.`,
      );
    }
  }

  /**
   * The graphs read hold no concept and no label: which named graphs hold concepts (one
   * bounded query, `conceptGraphs.rq`), and the SPARQL_GRAPH that reads them.
   */
  private async whereConceptsAre(): Promise<string> {
    const asked = this.options.graphs ?? [];
    const where =
      asked.length === 0
        ? "the store's default graph"
        : `${asked.length === 1 ? 'the graph' : 'the graphs'} ${asked.map((g) => `<${g}>`).join(', ')} (SPARQL_GRAPH)`;
    let graphs: Array<[string, string]> = [];
    try {
      const rows = await this.store.select(
        bindQuery(this.queries.template('conceptGraphs'), { conceptType: this.options.conceptTypes.map((type) => rdf.namedNode(type)) }),
        'conceptGraphs',
      );
      graphs = rows.flatMap((row) =>
        row.graph?.termType === 'NamedNode' ? [[row.graph.value, row.concepts?.value ?? '?'] as [string, string]] : [],
      );
    } catch (error) {
      this.log.warn('cannot tell which graphs hold concepts', error);
    }
    const empty = `${where} holds no concept (typed ${this.options.conceptTypes.join(', ')}, CONCEPT_TYPES) and no label`;
    if (graphs.length > 0)
      return `${empty}; concepts are in the named ${graphs.length === 1 ? 'graph' : 'graphs'} ${graphs.map(([graph, n]) => `<${graph}> (${n})`).join(', ')}: set SPARQL_GRAPH=${(graphs[0] as [string, string])[0]}`;
    return `${empty}, and no named graph the store lets this service see holds any: check SPARQL_ENDPOINT, SPARQL_GRAPH${asked.length === 0 ? '' : ' (its spelling)'} and that the vocabulary is loaded (DATA_FILES, for the embedded store)`;
  }

  /**
   * The store holds labelled resources and none is a concept: the types they have (with
   * counts), and the settings that would make them concepts.
   */
  private async whyNoConcepts(found: BuildReport): Promise<string> {
    if (found.labelled === 0) return this.whereConceptsAre();
    let types = '';
    try {
      const rows = await this.store.select(bindQuery(this.queries.template('labelledTypes'), {}), 'labelledTypes');
      types = rows.flatMap((row) => (row.type === undefined ? [] : [`${row.type.value} (${row.resources?.value ?? '?'})`])).join(', ');
    } catch (error) {
      this.log.warn('cannot tell the types of the labelled resources', error);
    }
    const configured = this.options.conceptTypes.join(', ');
    if (types === '' && found.wouldEntail === 0)
      // no setting can make concepts of them: the data must say what they are
      return (
        `the store holds ${found.labelled} resources with labels, but none is a concept: they have no rdf:type, and no SKOS relation links them, ` +
        'so no setting can make them concepts. State their type in the data: in Turtle, `<http://example.org/c1> a skos:Concept .` for each; ' +
        'in a store, `PREFIX skos: <http://www.w3.org/2004/02/skos/core#> INSERT { ?c a skos:Concept } WHERE { ?c skos:prefLabel ?label }`'
      );
    return (
      `the store holds ${found.labelled} resources with labels, but none is a concept: none is typed ${configured} (CONCEPT_TYPES)` +
      (this.options.entailment === true ? ' or linked by skos:broader, skos:narrower, skos:related or skos:topConceptOf' : '') +
      `. ${types === '' ? 'They have no rdf:type.' : `Their types: ${types}.`} Set CONCEPT_TYPES to the class of your concepts` +
      (this.options.entailment === true ? '' : ', or SKOS_ENTAILMENT=on to take resources linked by SKOS relations as concepts')
    );
  }

  /** The snapshot's index, if there is a snapshot and it matches and is whole; logged either way, a damaged one set aside. */
  fromSnapshot(): Promise<BuiltIndex | undefined> {
    return this.snapshot?.read() ?? Promise.resolve(undefined);
  }

  /**
   * After `changedSince` said yes, with a shared snapshot: claims the build of the store as it
   * is now for this replica (SharedSnapshot.claim); false when another replica builds it. True
   * without a snapshot.
   */
  async claimBuild(): Promise<boolean> {
    if (this.snapshot === undefined || this.probed === undefined) return true;
    return this.snapshot.claim(this.probed);
  }

  /** After `changedSince` said yes: another replica's build of the store as it is now, from the shared snapshot; undefined when there is none. */
  fromSharedBuild(current: BuiltIndex): Promise<BuiltIndex | undefined> {
    if (this.snapshot === undefined || this.probed === undefined) return Promise.resolve(undefined);
    return this.snapshot.readBuildOf(this.probed, current.built);
  }

  /** What happened to a snapshot that could not serve (damaged, set aside), for /ready; undefined when nothing did. */
  get snapshotProblem(): string | undefined {
    return this.snapshot?.problem;
  }
}

/** Whether an error, or one of its causes, says the store cannot be reached or is not answering (503), rather than that it answered wrong. */
/** What the read left out, knowing it without reading (`readVocabulary`), for the build's log. */
function knownReads(read: ReadProgress): string {
  return (read.known ?? []).map((known) => ` (${known.read}: ${known.triples} triples not read: ${known.because})`).join('');
}

function unreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++)
    if (cause instanceof HttpError && cause.status === 503) return true;
  return false;
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
