import type { Logger } from '../../src/log.js';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import { IndexBuilds } from '../../src/lookup/keeping/IndexBuilds.js';
import { IndexPool } from '../../src/lookup/threads/IndexPool.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';
import type { LabelIndex } from '../../src/index/LabelIndex.js';

// A call to the pool has a deadline, its wait included: a thread that does not answer in time
// (a bug that hangs it) fails its call with a 503, is stopped and replaced, and the pool goes
// on answering. The deadline is made tiny here so that a real call on the sample index runs
// past it.

const SAMPLE = new URL('../../data/sample-vocabulary.ttl', import.meta.url).pathname;
const silent: Logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

let index: LabelIndex;
beforeAll(async () => {
  const store = await EmbeddedStore.load([SAMPLE]);
  const options = {
    conceptTypes: ['http://www.w3.org/2004/02/skos/core#Concept'],
    readTimeoutMs: 60_000,
    fingerprint: 'sample',
    defaultLang: 'en',
  };
  const built = await new IndexBuilds(store, QueryCatalog.load('generic', QUERIES_DIR), options, silent).build(false);
  await store.close();
  if (built === undefined) throw new Error('the sample vocabulary did not build');
  index = built.index;
});

test('a call past its deadline is a 503, its thread is replaced, and the next call is answered', async () => {
  const pool = IndexPool.create(1, 1);
  if (pool === undefined) throw new Error('the pool needs the build (npm test builds first)');
  try {
    const generation = pool.install(index, 'en');
    const names = Array.from({ length: 100 }, (_, i) => ({ query: `cheese ${i}`, limit: 10 }));
    await expect(pool.call(generation, 'reconcile', [names])).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/^a label index query did not finish within 0\.001 s/),
      headers: { 'Retry-After': '1' },
    });
    pool.deadlineMs = 30_000;
    const answered = (await pool.call(generation, 'search', [{ q: 'tea', count: 5, page: 1 }])) as Array<{ uri: string }>;
    expect(answered.map((concept) => concept.uri)).toContain('https://example.org/food/tea');
    expect(pool.size).toBe(1);
  } finally {
    await pool.close();
  }
});
