import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchTerms, suggestTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery } from '../../src/domain/ranking.js';
import { readSnapshot } from '../../src/index/IndexSnapshot.js';
import { LabelIndexSource, type LabelIndexOptions } from '../../src/index/LabelIndexSource.js';
import type { Logger } from '../../src/log.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';
import { ForwardingStore } from '../../src/store/ForwardingStore.js';
import { HttpStore } from '../../src/store/HttpStore.js';
import type { SparqlStore } from '../../src/store/SparqlStore.js';
import { misbehavingEndpoint, type MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';

const SAMPLE = new URL('../../data/sample-vocabulary.ttl', import.meta.url).pathname;
const CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

/** A logger that keeps its lines. */
function keptLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string, cause?: unknown): void => void lines.push(cause instanceof Error ? `${message}: ${cause.message}` : message);
  return { lines, error: keep, warn: keep, info: keep, debug: keep };
}

/** Counts the long reads it passes on. */
class CountingReads extends ForwardingStore {
  reads = 0;
  override selectRows(...args: Parameters<SparqlStore['selectRows']>): Promise<number> {
    this.reads++;
    return super.selectRows(...args);
  }
}

function options(extra: Partial<LabelIndexOptions> = {}): LabelIndexOptions {
  return { conceptTypes: [CONCEPT], refreshSeconds: 3600, readTimeoutMs: 60_000, fingerprint: 'sample', defaultLang: 'en', ...extra };
}

function answers(source: LabelIndexSource): unknown {
  const index = source.current;
  if (index === undefined) return undefined;
  return ['t', 'te', 'to', 'ch', 'a', 'spice r'].map((q) => ({
    suggest: index.suggest(new RankQuery('suggest', suggestTerms(q)), {}, 'en', { limit: 10, offset: 0 }),
    inFrench: index.suggest(new RankQuery('suggest', suggestTerms(q)), { lang: 'fr' }, 'fr', { limit: 10, offset: 0 }),
    search: index.search(new RankQuery('search', searchTerms(q)), q, {}, 'en', { limit: 10, offset: 0 }),
  }));
}

describe('the label index source', () => {
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
    const first = new LabelIndexSource(store, QueryCatalog.load('generic'), options({ snapshotPath: path }), keptLog());
    await first.refresh();
    expect(first.current?.stats.labels).toBeGreaterThan(50);

    const counting = new CountingReads(store);
    const log = keptLog();
    const restarted = new LabelIndexSource(counting, QueryCatalog.load('generic'), options({ snapshotPath: path }), log);
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
    await new LabelIndexSource(store, QueryCatalog.load('generic'), options({ snapshotPath: path }), keptLog()).refresh();
    expect(readSnapshot(path, 'another vocabulary')).toEqual({ reason: expect.stringMatching(/built from something else/) });
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length - 100));
    expect(readSnapshot(path, 'sample')).toEqual({ reason: 'it is cut short or damaged' });
    writeFileSync(path, 'not a snapshot at all');
    expect(readSnapshot(path, 'sample')).toEqual({ reason: 'it is not a label index snapshot' });
    expect(readSnapshot(join(folder, 'missing.bin'), 'sample')).toEqual({ reason: 'there is none yet' });

    const log = keptLog();
    const source = new LabelIndexSource(store, QueryCatalog.load('generic'), options({ snapshotPath: path }), log);
    await source.start(); // builds from the store instead
    source.stop();
    expect(log.lines.join('\n')).toMatch(/snapshot .* not used: it is not a label index snapshot/);
    expect(source.current?.stats.labels).toBeGreaterThan(50);
  });

  describe('over a store that misbehaves', () => {
    let endpoint: MisbehavingEndpoint | undefined;
    afterEach(async () => {
      await endpoint?.close();
      endpoint = undefined;
    });
    const tsv = (header: string, rows: string[]): string => [header, ...rows].join('\n') + '\n';
    const ROW = '<http://x/c1>\t<http://www.w3.org/2004/02/skos/core#prefLabel>\t"Alpha"@en\t"en"';

    /** Rows of ten concepts; answers cut at `cap` rows, as Virtuoso cuts them, the MD5 parts of labels.rq honoured. */
    function cappedStore(cap: number, count = 10): Promise<MisbehavingEndpoint> {
      const concepts = Array.from({ length: 10 }, (_, i) => `http://x/c${i}`);
      return misbehavingEndpoint((res, body) => {
        const query = new URLSearchParams(body).get('query') ?? '';
        res.setHeader('Content-Type', 'text/tab-separated-values');
        if (query.includes('COUNT')) return void res.end(tsv('?rows\t?characters', [`${count}\t50`]));
        const [from, to] = [...query.matchAll(/>= "(\w+)"|< "(\w+)"/g)].map((match) => match[1] ?? match[2]);
        const inPart = (iri: string): boolean => from === undefined || to === undefined || (hash(iri) >= from && hash(iri) < to);
        const rows = concepts.filter(inPart).map((iri) => `<${iri}>\t<http://www.w3.org/2004/02/skos/core#prefLabel>\t"Label of ${iri}"@en\t"en"`);
        res.end(tsv('?concept\t?property\t?value\t?lang', rows.slice(0, cap)));
      });
    }
    const hash = (iri: string): string => createHash('md5').update(iri).digest('hex').slice(0, 4);

    test('reads a store that cuts answers short again, in parts by a hash of the concept IRIs that fit under its cap', async () => {
      endpoint = await cappedStore(4);
      const log = keptLog();
      const source = new LabelIndexSource(new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }), QueryCatalog.load('generic'), options(), log);
      await source.refresh();
      expect(log.lines.join('\n')).toMatch(/sent 4 of the 10 label rows .* reading again in 4 parts/);
      expect(source.current?.stats).toMatchObject({ concepts: 10, labels: 10 });
    });

    test('gives up, naming the setting to change, when too many parts would be needed', async () => {
      endpoint = await cappedStore(3, 10_000_000);
      const log = keptLog();
      const source = new LabelIndexSource(new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }), QueryCatalog.load('generic'), options(), log);
      await source.refresh();
      expect(source.current).toBeUndefined();
      expect(log.lines.join('\n')).toMatch(/sent \d+ of the 10000000 label rows it holds, in 10 parts .*ResultSetMaxRows/);
      expect(source.pending).toBeUndefined(); // the store's queries answer meanwhile: ready, slower
    });

    /** A store whose changes.rq answer is `probe.answer`, and whose labels are two concepts. */
    function changingStore(probe: { answer: string }): Promise<MisbehavingEndpoint> {
      return misbehavingEndpoint((res, body) => {
        const query = new URLSearchParams(body).get('query') ?? '';
        res.setHeader('Content-Type', 'text/tab-separated-values');
        if (query.includes('GROUP BY')) return void res.end(tsv('?property\t?triples\t?characters', [probe.answer]));
        if (query.includes('COUNT')) return void res.end(tsv('?rows', ['2']));
        res.end(tsv('?concept\t?property\t?value\t?lang', [ROW, ROW.replace('c1', 'c2')]));
      });
    }
    const labelReads = (store: MisbehavingEndpoint): number => store.requests.filter((request) => new URLSearchParams(request.body).get('query')?.includes('?lang')).length;

    test('builds again only when the answer of changes.rq changes', async () => {
      const probe = { answer: '<http://www.w3.org/2004/02/skos/core#prefLabel>\t2\t10' };
      const store = await changingStore(probe);
      endpoint = store;
      const source = new LabelIndexSource(new HttpStore({ endpoint: store.url, timeoutMs: 5000 }), QueryCatalog.load('generic'), options(), keptLog());
      await source.load();
      expect(labelReads(store)).toBe(1);
      await source.load();
      expect(labelReads(store)).toBe(1); // unchanged: nothing read
      probe.answer = '<http://www.w3.org/2004/02/skos/core#prefLabel>\t2\t11';
      await source.load();
      expect(labelReads(store)).toBe(2);
      expect(source.current?.stats.concepts).toBe(2);
    });

    test('from a fresh snapshot, asks the store nothing until a refresh would be due', async () => {
      const store = await changingStore({ answer: '<http://x/p>\t1\t1' });
      endpoint = store;
      const path = join(folder, 'index.bin');
      const http = new HttpStore({ endpoint: store.url, timeoutMs: 5000 });
      await new LabelIndexSource(http, QueryCatalog.load('generic'), options({ snapshotPath: path }), keptLog()).refresh();
      const asked = store.requests.length;
      const replica = new LabelIndexSource(http, QueryCatalog.load('generic'), options({ snapshotPath: path }), keptLog());
      await replica.start();
      replica.stop();
      expect(replica.current?.stats.concepts).toBe(2);
      expect(store.requests.length).toBe(asked);
    });

    test('says how far it got while the labels are being read', async () => {
      // the last row comes 6 s after the others
      endpoint = await misbehavingEndpoint((res, body) => {
        res.setHeader('Content-Type', 'text/tab-separated-values');
        if (decodeURIComponent(body).includes('COUNT')) return void res.end(tsv('?rows\t?characters', ['200001\t5']));
        const rows = Array.from({ length: 200_000 }, () => ROW);
        res.write(tsv('?concept\t?property\t?value\t?lang', rows));
        setTimeout(() => res.end(ROW + '\n'), 6000);
      });
      const source = new LabelIndexSource(new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }), QueryCatalog.load('generic'), options(), keptLog());
      expect(source.pending).toBe('the label index is not built yet');
      const building = source.refresh();
      for (let waited = 0; waited < 5000 && !/200000 label rows/.test(source.pending ?? ''); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(source.pending).toMatch(/^building the label index: 200000 label rows read of 200001 \(99%\) in \d+ s$/);
      await building;
      expect(source.pending).toBeUndefined();
      expect(source.current?.stats).toMatchObject({ concepts: 1, labels: 1 });
    });
  });
});
