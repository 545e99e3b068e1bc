import { ForwardingStore } from '../../src/store/ForwardingStore.js';
import type { Bindings } from '../../src/store/SparqlStore.js';
import { createStore } from '../../src/store/createStore.js';
import { getPath, startService, testConfig, type RunningService } from '../support/service.js';

/** The real store, with each query held until `release()`: lets requests pile up in flight. */
class GatedStore extends ForwardingStore {
  private waiting: Array<() => void> = [];
  failNext = false;
  override async select(query: string): Promise<Bindings[]> {
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('store failed once');
    }
    return this.inner.select(query);
  }
  release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
  override async close(): Promise<void> {}
}

/**
 * Store queries of a /search that finds something on the store path (LABEL_INDEX=off): the
 * candidates, their labels, the page's details. The cache's tests run there, where every
 * answer it saves is a round of store queries.
 */
const PER_SEARCH = 3;
const STORE_PATH = { LABEL_INDEX: 'off' };

/** Gives every request time to arrive, then releases gated queries until `done` settles. */
async function drive<T>(store: GatedStore, done: Promise<T>): Promise<T> {
  let settled = false;
  void done.finally(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  while (!settled) {
    store.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return done;
}

describe('round trips to the store', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ CACHE_MAX_ENTRIES: '0' });
  });
  afterAll(() => service.close());

  test('/get asks the store nothing for concepts the label index holds, and once for the rest (a deprecated concept, an unknown URI), whatever their number; without the index, once', async () => {
    const indexed = service.config.labelIndex;
    let before = service.store.queries;
    const { body } = await service.get(getPath(['tea', 'wine', 'apple', 'cheese', 'bread'], '&fields=broader,notation,scheme,scopeNote'));
    expect(body._embedded.concepts).toHaveLength(5);
    expect(service.store.queries - before).toBe(indexed ? 0 : 2); // the fields are a second query, sent at the same time
    before = service.store.queries;
    const mixed = await service.get(getPath(['tea', 'oleomargarine', 'nothing-here', 'wine']));
    expect(mixed.body._embedded.concepts.map((concept: { uri: string }) => concept.uri.split('/').pop())).toEqual([
      'tea',
      'oleomargarine',
      'wine',
    ]);
    expect(service.store.queries - before).toBe(1);
  });

  test("with the label index, /search and /suggest never ask the store; without it, at most three and two queries: candidates, their labels, the page's details", async () => {
    // The label index ranks in memory and holds what a result shows, opt-in fields too.
    // Without it, the store finds the candidates, their labels are ranked in memory as the
    // index ranks, and the page's details are read.
    const indexed = service.config.labelIndex;
    let before = service.store.queries;
    expect((await service.get('/search?q=tea')).body.concepts.length).toBeGreaterThan(1);
    expect(service.store.queries - before).toBe(indexed ? 0 : 3);
    before = service.store.queries;
    expect((await service.get('/search?q=tea&fields=broader,notation,scheme,scopeNote')).body.concepts.length).toBeGreaterThan(1);
    expect(service.store.queries - before).toBe(indexed ? 0 : 4);
    before = service.store.queries;
    expect((await service.get('/suggest?q=tea')).body.concepts.length).toBeGreaterThan(1);
    expect(service.store.queries - before).toBe(indexed ? 0 : 2);
    before = service.store.queries;
    expect((await service.get('/suggest?q=tea&fields=broader')).body.concepts.length).toBeGreaterThan(1);
    expect(service.store.queries - before).toBe(indexed ? 0 : 3);
    before = service.store.queries;
    await service.get('/search?q=xylophone');
    expect(service.store.queries - before).toBe(indexed ? 0 : 1);
  });

  test("with the label index, a reconciliation batch asks the store nothing, its candidates' schemes named as /get names them; without it, the store", async () => {
    const indexed = service.config.labelIndex;
    const before = service.store.queries;
    const queries = JSON.stringify({
      q0: { query: 'tea' },
      q1: { query: 'Wein', properties: [{ pid: 'lang', v: 'de' }] },
      q2: { query: 'cheeze' },
    });
    const { status, body } = await service.get(`/reconcile?queries=${encodeURIComponent(queries)}`);
    expect(status).toBe(200);
    if (indexed) expect(service.store.queries - before).toBe(0);
    else expect(service.store.queries - before).toBeGreaterThan(0);
    for (const [key, lang] of [
      ['q0', 'en'],
      ['q1', 'de'],
      ['q2', 'en'],
    ] as const) {
      const candidates: Array<{ id: string; type: Array<{ id: string; name: string }> }> = body[key].result;
      expect(candidates.length).toBeGreaterThan(0);
      const shown = await service.get(
        getPath(
          candidates.map(({ id }) => id),
          `&fields=scheme&lang=${lang}`,
        ),
      );
      const schemes = new Map(
        shown.body._embedded.concepts.map((concept: { uri: string; scheme: Array<{ uri: string; label: string }> }) => [
          concept.uri,
          concept.scheme.map(({ uri, label }) => ({ id: uri, name: label || uri })),
        ]),
      );
      for (const { id, type } of candidates)
        expect(type.filter((t) => t.id !== 'http://www.w3.org/2004/02/skos/core#Concept')).toEqual(schemes.get(id));
    }
  });

  test('with the cache off, each request asks the store again', async () => {
    const before = service.store.queries;
    // a deprecated concept: the label index does not hold it, /get reads it from the store
    await service.get(getPath(['oleomargarine']));
    await service.get(getPath(['oleomargarine']));
    expect(service.store.queries - before).toBe(2);
  });
});

describe('the result cache', () => {
  test('answers a repeated request without the store, and the normalised form of a request too', async () => {
    const service = await startService(STORE_PATH);
    try {
      const first = await service.get('/search?q=wine&count=20');
      const before = service.store.queries;
      const again = await service.get('/search?q=%20wine%20&page=1&lang');
      expect(again.status).toBe(400); // an empty lang is malformed: nothing cached is served for it
      const same = await service.get('/search?q=%20wine%20&page=1&unknown=1');
      expect(same.body).toEqual(first.body);
      expect(same.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(service.store.queries).toBe(before);
    } finally {
      await service.close();
    }
  });

  test('forgets an answer after CACHE_TTL_SECONDS', async () => {
    const service = await startService({ ...STORE_PATH, CACHE_TTL_SECONDS: '1' });
    try {
      await service.get('/search?q=beer');
      const before = service.store.queries;
      await service.get('/search?q=beer');
      expect(service.store.queries).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await service.get('/search?q=beer');
      expect(service.store.queries).toBe(before + PER_SEARCH);
    } finally {
      await service.close();
    }
  });

  test.each(['10000', '0'])(
    'shares one round of store queries among identical requests in flight (CACHE_MAX_ENTRIES=%s)',
    async (entries) => {
      const gated = new GatedStore(await createStore(testConfig()));
      const service = await startService({ ...STORE_PATH, CACHE_MAX_ENTRIES: entries }, gated);
      try {
        const responses = await drive(gated, Promise.all(Array.from({ length: 8 }, () => service.get('/search?q=tea'))));
        expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
        expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
        expect(service.store.queries).toBe(PER_SEARCH);
      } finally {
        await service.close();
      }
    },
  );

  test('keeps no failure: the next request asks the store again', async () => {
    const gated = new GatedStore(await createStore(testConfig()));
    const service = await startService(STORE_PATH, gated);
    try {
      gated.failNext = true;
      expect((await drive(gated, service.get('/search?q=wine'))).status).toBe(500);
      const retry = await drive(gated, service.get('/search?q=wine'));
      expect(retry.status).toBe(200);
      expect(retry.body.concepts.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });
});
