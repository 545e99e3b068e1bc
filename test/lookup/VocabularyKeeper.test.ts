import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchTerms, suggestTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery } from '../../src/domain/ranking.js';
import { readSnapshot } from '../../src/index/IndexSnapshot.js';
import type { LabelIndex } from '../../src/index/LabelIndex.js';
import { IndexScan } from '../../src/lookup/memory/IndexScan.js';
import { searchInIndex } from '../../src/lookup/memory/searchInIndex.js';
import { suggestInIndex } from '../../src/lookup/memory/suggestInIndex.js';
import { IndexBuilds, type IndexReport, type LabelIndexOptions } from '../../src/lookup/keeping/IndexBuilds.js';
import { VocabularyKeeper, type VocabularyState } from '../../src/lookup/keeping/VocabularyKeeper.js';
import type { Logger } from '../../src/log.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';
import { ForwardingStore } from '../../src/store/ForwardingStore.js';
import { HttpStore } from '../../src/store/HttpStore.js';
import type { SparqlStore } from '../../src/store/SparqlStore.js';
import oxigraph from 'oxigraph';
import type { MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { oxigraphEndpoint } from '../support/oxigraphEndpoint.js';

const SAMPLE = new URL('../../data/sample-vocabulary.ttl', import.meta.url).pathname;
const CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

/** A logger that keeps its lines. */
function keptLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string, cause?: unknown): void =>
    void lines.push(cause instanceof Error ? `${message}: ${cause.message}` : message);
  return { lines, error: keep, warn: keep, info: keep, debug: keep };
}

/** Counts the long reads it passes on. */
class CountingReads extends ForwardingStore {
  reads = 0;
  override selectRows(...args: Parameters<SparqlStore['selectRows']>): Promise<number> {
    this.reads++;
    return super.selectRows(...args);
  }
  override constructText(...args: Parameters<SparqlStore['constructText']>): Promise<void> {
    this.reads++;
    return super.constructText(...args);
  }
}

function options(extra: Partial<LabelIndexOptions> = {}): LabelIndexOptions {
  return { conceptTypes: [CONCEPT], readTimeoutMs: 60_000, fingerprint: 'sample', defaultLang: 'en', ...extra };
}

/** The service's keeper of what is kept in memory, with the label index as its only part that reads much. */
class IndexSource {
  private readonly keeper: VocabularyKeeper;
  constructor(store: SparqlStore, queries: QueryCatalog, indexOptions: LabelIndexOptions, log: Logger) {
    this.keeper = new VocabularyKeeper({
      store,
      queries,
      log,
      spellings: false,
      index: new IndexBuilds(store, queries, indexOptions, log),
      refreshSeconds: 3600,
      indexRefreshSeconds: 3600,
    });
    this.states.push(this.keeper.current);
    this.keeper.onSwap((state) => this.states.push(state));
  }
  /** Every state swapped in, in order. */
  readonly states: VocabularyState[] = [];
  get current(): LabelIndex | undefined {
    return this.keeper.current.index?.index;
  }
  get report(): IndexReport | undefined {
    return this.keeper.indexReport;
  }
  get degraded(): string | undefined {
    return this.keeper.lifecycle.degraded;
  }
  get rebuildFailure(): string | undefined {
    return this.keeper.lifecycle.behind;
  }
  get pending(): string | undefined {
    return this.keeper.lifecycle.notReady;
  }
  get phase(): string {
    return this.keeper.lifecycle.phase;
  }
  start(): Promise<void> {
    return this.keeper.start();
  }
  refresh(): Promise<void> {
    return this.keeper.refresh();
  }
  stop(): void {
    this.keeper.stop();
  }
  /** What the timer does when the index's check is due. */
  load(): Promise<void> {
    return this.keeper.read('index');
  }
}

function answers(source: IndexSource): unknown {
  const index = source.current;
  if (index === undefined) return undefined;
  const scan = new IndexScan(index);
  return ['t', 'te', 'to', 'ch', 'a', 'spice r'].map((q) => ({
    suggest: suggestInIndex(scan, new RankQuery('suggest', suggestTerms(q)), {}, 'en', { limit: 10, offset: 0 }),
    inFrench: suggestInIndex(scan, new RankQuery('suggest', suggestTerms(q)), { lang: 'fr' }, 'fr', { limit: 10, offset: 0 }),
    search: searchInIndex(scan, new RankQuery('search', searchTerms(q)), q, {}, 'en', { limit: 10, offset: 0 }),
  }));
}

describe('the keeper of the label index', () => {
  let store: EmbeddedStore;
  let folder: string;
  beforeAll(async () => {
    store = await EmbeddedStore.load([SAMPLE]);
  });
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'snapshot-'));
  });

  test('writes a snapshot after a build, from which a restarted service is ready without reading the store', async () => {
    const path = join(folder, 'index.bin');
    const first = new IndexSource(store, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), keptLog());
    await first.refresh();
    expect(first.current?.stats.labels).toBeGreaterThan(50);

    const counting = new CountingReads(store);
    const log = keptLog();
    const restarted = new IndexSource(counting, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), log);
    await restarted.start();
    restarted.stop();
    expect(counting.reads).toBe(0); // the embedded store's data cannot have changed: nothing to read
    expect(restarted.pending).toBeUndefined();
    expect(answers(restarted)).toEqual(answers(first));
    expect(log.lines.join('\n')).toMatch(/read from the snapshot/);
    expect(readdirSync(folder)).toEqual(['index.bin']); // no temporary file left behind
  });

  test('never uses a snapshot of something else, of another format, or cut short, and says why', async () => {
    const path = join(folder, 'index.bin');
    await new IndexSource(store, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), keptLog()).refresh();
    expect(await readSnapshot(path, 'another vocabulary')).toEqual({ reason: expect.stringMatching(/built from something else/) });
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length - 100));
    expect(await readSnapshot(path, 'sample')).toEqual({ reason: 'it is damaged: its checksum does not match its bytes' });
    writeFileSync(path, 'not a snapshot at all');
    expect(await readSnapshot(path, 'sample')).toEqual({ reason: 'it is not a label index snapshot' });
    expect(await readSnapshot(join(folder, 'missing.bin'), 'sample')).toEqual({ reason: 'there is none yet' });

    const log = keptLog();
    const source = new IndexSource(store, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), log);
    await source.start(); // builds from the store instead
    source.stop();
    expect(log.lines.join('\n')).toMatch(/snapshot .* could not be used: it is not a label index snapshot; set aside as /);
    expect(source.current?.stats.labels).toBeGreaterThan(50);
  });

  test('sets a damaged snapshot aside, says so, and builds anew: a restart never meets it again', async () => {
    const path = join(folder, 'index.bin');
    await new IndexSource(store, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), keptLog()).refresh();
    const whole = readFileSync(path);
    const middle = Math.floor(whole.length / 2);
    whole[middle] = (whole[middle] as number) ^ 0x10; // one bit
    writeFileSync(path, whole);
    const log = keptLog();
    const source = new IndexSource(store, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), log);
    await source.start();
    source.stop();
    expect(log.lines.join('\n')).toMatch(
      /label index: the snapshot .*index\.bin could not be used: it is damaged: its checksum does not match its bytes; set aside as .*index\.bin\.damaged-.*, and the index built anew/,
    );
    expect(source.current?.stats.labels).toBeGreaterThan(50);
    // the new build wrote a whole snapshot in its place; the damaged one lies beside it
    expect(readdirSync(folder).sort()).toEqual(['index.bin', expect.stringMatching(/^index\.bin\.damaged-/)]);
    expect('reason' in (await readSnapshot(path, 'sample'))).toBe(false);
  });

  describe('over a store that misbehaves', () => {
    let endpoint: MisbehavingEndpoint | undefined;
    afterEach(async () => {
      await endpoint?.close();
      endpoint = undefined;
    });
    const SKOS = 'http://www.w3.org/2004/02/skos/core#';
    /** A real store holding `count` concepts, each with an English prefLabel. */
    function vocabulary(count: number): oxigraph.Store {
      const store = new oxigraph.Store();
      const lines = Array.from({ length: count }, (_, i) => `<http://x/c${i}> a <${CONCEPT}> ; <${SKOS}prefLabel> "Label ${i}"@en .`);
      store.load(lines.join('\n'), { format: 'text/turtle' });
      return store;
    }
    /** The keeper over the endpoint at `url`, as the service reads an HTTP store. */
    const overHttp = (url: string, log: Logger = keptLog()): IndexSource =>
      new IndexSource(new HttpStore({ endpoint: url, timeoutMs: 5000 }), QueryCatalog.load('generic', QUERIES_DIR), options(), log);
    const constructs = (store: MisbehavingEndpoint): string[] =>
      store.requests.map((request) => new URLSearchParams(request.body).get('query') ?? '').filter((query) => /CONSTRUCT/.test(query));

    test('a rebuild that fails keeps the index in use and says so (for /ready), until one succeeds', async () => {
      const store = vocabulary(3100);
      const misbehaviour: { cap?: number } = {};
      endpoint = await oxigraphEndpoint(store, misbehaviour);
      const source = overHttp((endpoint as MisbehavingEndpoint).url);
      await source.load();
      const first = source.current;
      expect(source.rebuildFailure).toBeUndefined();
      misbehaviour.cap = 3; // every answer cut to three rows: too many parts to read it whole
      await source.refresh(); // SIGHUP
      expect(source.current).toBe(first);
      expect(source.rebuildFailure).toMatch(
        /^the last build of the label index failed \(.*ResultSetMaxRows.*\): answers come from the index built /,
      );
      delete misbehaviour.cap;
      await source.refresh();
      expect(source.rebuildFailure).toBeUndefined();
      expect(source.current).not.toBe(first);
    });

    test('replicas sharing a snapshot: the first to see a change builds it, the others wait for that build and read it', async () => {
      const store = vocabulary(3);
      endpoint = await oxigraphEndpoint(store);
      const url = endpoint.url;
      const path = join(folder, 'index.bin');
      // what a replica reads of the labels (CONSTRUCT), not the change probe's counts
      class CountingConstructs extends ForwardingStore {
        reads = 0;
        override constructText(...args: Parameters<SparqlStore['constructText']>): Promise<void> {
          this.reads++;
          return super.constructText(...args);
        }
      }
      const replica = (log: Logger): { source: IndexSource; reads: CountingConstructs } => {
        const reads = new CountingConstructs(new HttpStore({ endpoint: url, timeoutMs: 5000 }));
        return { source: new IndexSource(reads, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), log), reads };
      };
      const first = replica(keptLog());
      const secondLog = keptLog();
      const second = replica(secondLog);
      try {
        await first.source.load(); // builds, and writes the snapshot
        await second.source.start(); // from the snapshot
        expect(second.reads.reads).toBe(0);
        const labels = (source: IndexSource): number | undefined => source.current?.stats.labels;

        store.update(`INSERT DATA { <http://x/new1> a <${CONCEPT}> ; <${SKOS}prefLabel> "Label new one"@en }`);
        const building = first.source.load(); // sees the change, claims it, builds
        for (let waited = 0; !existsSync(`${path}.building`) && waited < 5000; waited += 10) await sleep(10);
        expect(existsSync(`${path}.building`)).toBe(true);
        await second.source.load(); // sees the change too, and the claim: does not read the store
        expect(second.reads.reads).toBe(0);
        expect(secondLog.lines.join('\n')).toMatch(/another replica is building them into the shared snapshot/);
        await building;
        expect(labels(first.source)).toBe(4);
        expect(existsSync(`${path}.building`)).toBe(false); // let go once written
        await second.source.load(); // looks at the snapshot: the build is there
        expect(second.reads.reads).toBe(0);
        expect(labels(second.source)).toBe(4);
        expect(secondLog.lines.join('\n')).toMatch(/the shared snapshot holds them: read from it/);

        // a claim whose replica died is taken over once it is old; one of another change at once
        store.update(`INSERT DATA { <http://x/new2> a <${CONCEPT}> ; <${SKOS}prefLabel> "Label new two"@en }`);
        writeFileSync(`${path}.building`, JSON.stringify({ probe: 'an older change', pid: 1, at: Date.now() }));
        await second.source.load();
        expect(second.reads.reads).toBeGreaterThan(0); // built it itself
        expect(labels(second.source)).toBe(5);
      } finally {
        first.source.stop();
        second.source.stop();
      }
    });

    test('reads a store that cuts answers short on in parts of what it sent, and gets every triple', async () => {
      endpoint = await oxigraphEndpoint(vocabulary(10), { cap: 4 });
      const source = overHttp((endpoint as MisbehavingEndpoint).url);
      await source.refresh();
      expect(source.current?.stats).toMatchObject({ concepts: 10, labels: 10 });
      const labelReads = constructs(endpoint).filter((query) => query.includes(`${SKOS}prefLabel>`) && !query.includes('literalForm'));
      expect(labelReads.map((query) => /OFFSET (\d+)/.exec(query)?.[1] ?? '0')).toEqual(['0', '4', '8']);
    });

    test.each([
      ['refused one whole', { refuseOver: 4 }],
      ["stopped one whole at its own time limit before its first triple (Fuseki's --timeout)", { timeLimitOver: 4 }],
    ])('reads each pattern whole where the store is known to send it so, and in parts where it %s', async (_, misbehaviour) => {
      endpoint = await oxigraphEndpoint(vocabulary(10), misbehaviour);
      const source = new IndexSource(
        new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }),
        QueryCatalog.load('generic', QUERIES_DIR),
        options({ partTriples: 4 }),
        keptLog(),
      );
      await source.refresh();
      expect(source.current?.stats).toMatchObject({ concepts: 10, labels: 10 });
      const labelReads = constructs(endpoint).filter((query) => query.includes(`${SKOS}prefLabel>`) && !query.includes('literalForm'));
      // first the whole pattern (refused), then its parts
      expect(labelReads.map((query) => /OFFSET (\d+)/.exec(query)?.[1] ?? 'whole')).toEqual(['whole', '0', '4', '8']);
    });

    test('a store that says it is Virtuoso is known to refuse CONSTRUCT answers of over a million triples; others are not', async () => {
      endpoint = await oxigraphEndpoint(vocabulary(1), { server: 'Virtuoso/07.20.3240 (Linux) x86_64-pc-linux-gnu' });
      const virtuoso = new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 });
      expect(virtuoso.largestAnswer).toBeUndefined(); // not known before it answered
      await virtuoso.select('SELECT * WHERE { ?s ?p ?o } LIMIT 1');
      expect(virtuoso.largestAnswer).toBe(1_000_000);
      await endpoint.close();
      endpoint = await oxigraphEndpoint(vocabulary(1));
      const other = new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 });
      await other.select('SELECT * WHERE { ?s ?p ?o } LIMIT 1');
      expect(other.largestAnswer).toBeUndefined();
    });

    test('gives up, naming the setting to change, when the cap would need too many parts', async () => {
      endpoint = await oxigraphEndpoint(vocabulary(3100), { cap: 3 });
      const log = keptLog();
      const source = new IndexSource(
        new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }),
        QueryCatalog.load('generic', QUERIES_DIR),
        options(),
        log,
      );
      await source.refresh();
      expect(source.current).toBeUndefined();
      expect(log.lines.join('\n')).toMatch(/sent 3 of the 3100 triples asked for .*ResultSetMaxRows/);
      expect(source.pending).toBeUndefined(); // the store's queries answer meanwhile: ready, slower
      expect(source.degraded).toMatch(
        /^the label index could not be built \(.*ResultSetMaxRows.*\): \/search and \/suggest answer from the store's queries/,
      );
    });

    test('builds again only when the vocabulary changed, and then finds what changed', async () => {
      const store = vocabulary(2);
      endpoint = await oxigraphEndpoint(store);
      const source = overHttp((endpoint as MisbehavingEndpoint).url);
      await source.load();
      const index0 = source.current;
      const first = constructs(endpoint).length;
      expect(first).toBeGreaterThan(0);
      await source.load();
      expect(constructs(endpoint).length).toBe(first); // unchanged: nothing read
      // one label longer: the same number of triples, another length
      store.update(
        `DELETE DATA { <http://x/c1> <${SKOS}prefLabel> "Label 1"@en } ; INSERT DATA { <http://x/c1> <${SKOS}prefLabel> "Label one"@en }`,
      );
      const swapped = source.states.length;
      await source.load();
      expect(constructs(endpoint).length).toBeGreaterThan(first);
      // from the probe's answer until the new index is in, the state says the index is stale (/get reads the store meanwhile)
      expect(source.states.slice(swapped).map((state) => [state.stale, state.index?.index === index0])).toEqual([
        [true, true],
        [false, false],
      ]);
      const index = source.current as LabelIndex;
      expect(
        searchInIndex(new IndexScan(index), new RankQuery('search', searchTerms('one')), 'one', {}, 'en', { limit: 10, offset: 0 }),
      ).toEqual(['http://x/c1']);
    });

    test('from a fresh snapshot, asks the store nothing until a refresh would be due', async () => {
      endpoint = await oxigraphEndpoint(vocabulary(2));
      const path = join(folder, 'index.bin');
      const http = new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 });
      await new IndexSource(http, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), keptLog()).refresh();
      const asked = endpoint.requests.length;
      const replica = new IndexSource(http, QueryCatalog.load('generic', QUERIES_DIR), options({ snapshotPath: path }), keptLog());
      await replica.start();
      replica.stop();
      expect(replica.current?.stats.concepts).toBe(2);
      // nothing for the index: the one query of the start is the SKOS-XL probe's (is there any SKOS-XL label?)
      const since = endpoint.requests.slice(asked).map((request) => new URLSearchParams(request.body).get('query') ?? '');
      expect(since).toEqual([expect.stringContaining('literalForm')]);
    });

    test('an export that types few of its concepts: the start names SKOS_ENTAILMENT, which takes the rest as concepts', async () => {
      const store = new oxigraph.Store();
      const lines = Array.from(
        { length: 10 },
        (_, i) => `<http://x/c${i}> <${SKOS}prefLabel> "Label ${i}"@en ${i === 0 ? '' : `; <${SKOS}broader> <http://x/c0>`} .`,
      );
      store.load([...lines, `<http://x/c0> a <${CONCEPT}> .`].join('\n'), { format: 'text/turtle' });
      endpoint = await oxigraphEndpoint(store);
      const log = keptLog();
      const plain = new IndexSource(
        new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }),
        QueryCatalog.load('generic', QUERIES_DIR),
        options(),
        log,
      );
      await plain.refresh();
      expect(plain.report).toMatchObject({ concepts: 1, entailed: 0, wouldEntail: 9, labelled: 10 });
      expect(log.lines.join('\n')).toMatch(/9 labelled resources are linked by skos:broader.*set SKOS_ENTAILMENT=on/);
      const entailed = new IndexSource(
        new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }),
        QueryCatalog.load('generic', QUERIES_DIR),
        options({ entailment: true }),
        keptLog(),
      );
      await entailed.refresh();
      expect(entailed.report).toMatchObject({ concepts: 10, entailed: 9, wouldEntail: 0 });
    });

    test('says how far it got while the vocabulary is being read', async () => {
      // the last triple of each long answer comes 3 s after the others
      endpoint = await oxigraphEndpoint(vocabulary(2000), { holdLastMs: 3000 });
      const log = keptLog();
      const source = new IndexSource(
        new HttpStore({ endpoint: endpoint.url, timeoutMs: 10_000 }),
        QueryCatalog.load('generic', QUERIES_DIR),
        options(),
        log,
      );
      expect(source.pending).toBe('the label index is not built yet');
      const building = source.refresh();
      // both long answers (the concepts' type, their labels) held back by one triple each
      for (let waited = 0; waited < 5000 && !/ 3998 triples/.test(source.pending ?? ''); waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(source.pending).toMatch(
        /^building the label index: 3998 triples read (of 4000 \(99%\)|\(\d+ of \d+ patterns counted so far: \d+\)) in \d+ s$/,
      );
      expect(log.lines).toEqual([]);
      await building;
      expect(source.pending).toBeUndefined();
      expect(source.current?.stats).toMatchObject({ concepts: 2000, labels: 2000 });
      expect(source.report).toMatchObject({ concepts: 2000, labels: 2000, labelsByLanguage: [['en', 2000]], schemes: 0, deprecated: 0 });
    });
  });
});
