import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suggestPatterns, searchPatterns } from '../../src/concepts/matchPatterns.js';
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
  return { conceptTypes: [CONCEPT], refreshSeconds: 3600, readTimeoutMs: 60_000, fingerprint: 'sample', ...extra };
}

function answers(source: LabelIndexSource): unknown {
  const index = source.current;
  if (index === undefined) return undefined;
  return ['t', 'te', 'to', 'ch', 'a', 'spice r'].map((q) => ({
    suggest: index.suggest(suggestPatterns(q).terms, {}, { limit: 10, offset: 0 }),
    inFrench: index.suggest(suggestPatterns(q).terms, { lang: 'fr' }, { limit: 10, offset: 0 }),
    search: index.search(searchPatterns(q).terms, q, {}, { limit: 10, offset: 0 }),
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

    test('gives up, naming the setting to change, when the store sends fewer label rows than it counts', async () => {
      endpoint = await misbehavingEndpoint((res, body) => {
        res.setHeader('Content-Type', 'text/tab-separated-values');
        res.end(decodeURIComponent(body).includes('COUNT') ? tsv('?rows\t?characters', ['10\t50']) : tsv('?concept\t?property\t?value\t?lang', [ROW, ROW, ROW]));
      });
      const log = keptLog();
      const source = new LabelIndexSource(new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }), QueryCatalog.load('generic'), options(), log);
      await source.refresh();
      expect(source.current).toBeUndefined();
      expect(log.lines.join('\n')).toMatch(/sent 3 of the 10 label rows .*ResultSetMaxRows/);
      expect(source.pending).toBeUndefined(); // the store's queries answer meanwhile: ready, slower
    });

    test('says how far it got while the labels are being read', async () => {
      endpoint = await misbehavingEndpoint((res, body) => {
        res.setHeader('Content-Type', 'text/tab-separated-values');
        if (decodeURIComponent(body).includes('COUNT')) return void res.end(tsv('?rows\t?characters', ['200001\t5']));
        const rows = Array.from({ length: 200_000 }, () => ROW);
        res.write(tsv('?concept\t?property\t?value\t?lang', rows));
        setTimeout(() => res.end(ROW + '\n'), 1500);
      });
      const source = new LabelIndexSource(new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }), QueryCatalog.load('generic'), options(), keptLog());
      expect(source.pending).toBe('the label index is not built yet');
      const building = source.refresh();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(source.pending).toMatch(/^building the label index: 200000 label rows read of 200001 \(99%\) in \d+ s$/);
      await building;
      expect(source.pending).toBeUndefined();
      expect(source.current?.stats).toMatchObject({ concepts: 1, labels: 1 });
    });
  });
});
