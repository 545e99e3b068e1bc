import { freePort } from '../support/freePort.js';
import { CircuitBreakerStore } from '../../src/store/CircuitBreakerStore.js';
import { HttpStore } from '../../src/store/HttpStore.js';
import { LimitingStore } from '../../src/store/LimitingStore.js';
import { EMPTY_RESULTS, misbehavingEndpoint, type MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { startService } from '../support/service.js';

let endpoint: MisbehavingEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

describe('the limit on store queries', () => {
  test('keeps at most SPARQL_MAX_CONCURRENCY queries in flight and SPARQL_QUEUE_LIMIT waiting, and refuses the rest at once with 503', async () => {
    const held: Array<() => void> = [];
    endpoint = await misbehavingEndpoint((res) =>
      held.push(() => res.writeHead(200, { 'Content-Type': 'application/sparql-results+json' }).end(EMPTY_RESULTS)),
    );
    const store = new LimitingStore(new HttpStore({ endpoint: endpoint.url, timeoutMs: 5000 }), 2, 1);
    const service = await startService({ LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' }, store);
    try {
      const settled: Array<{ status: number; headers: Headers; body: any }> = [];
      const requests = ['a', 'b', 'c', 'd', 'e'].map((q) => service.get(`/search?q=${q}`).then((answer) => (settled.push(answer), answer)));
      const started = Date.now();
      while (settled.length < 2 && Date.now() - started < 2000) await new Promise((resolve) => setTimeout(resolve, 10));
      // Two in flight at the store, one waiting, two refused at once.
      expect(settled.map((answer) => answer.status)).toEqual([503, 503]);
      for (const answer of settled) {
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(answer.body.message).toContain('limit');
      }
      expect(endpoint.requests.length).toBe(2);
      // a request that comes now is refused before it makes any query (StoreFinder asks first)
      expect(store.admits()).toBe(false);
      while (settled.length < 5) {
        held.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(endpoint.requests.length).toBe(3);
      expect((await Promise.all(requests)).map((answer) => answer.status).sort()).toEqual([200, 200, 200, 503, 503]);
      expect(store.admits()).toBe(true);
    } finally {
      await service.close();
    }
  });
});

describe('the circuit breaker', () => {
  test('fails fast while the store is down, and lets answers through again once it is back', async () => {
    const port = await freePort();
    const breaker = new CircuitBreakerStore(new HttpStore({ endpoint: `http://127.0.0.1:${port}/sparql`, timeoutMs: 2000 }), 3, 300);
    const service = await startService({ LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' }, breaker);
    try {
      for (let i = 0; i < 3; i++) expect((await service.get('/search?q=tea')).status).toBe(503);
      expect(breaker.isOpen).toBe(true);
      const started = Date.now();
      const fast = await service.get('/search?q=tea');
      expect(fast.status).toBe(503);
      expect(fast.body.message).toContain('asked again in a moment');
      expect(Date.now() - started).toBeLessThan(200);

      endpoint = await misbehavingEndpoint(
        (res) => res.writeHead(200, { 'Content-Type': 'application/sparql-results+json' }).end(EMPTY_RESULTS),
        port,
      );
      const back = Date.now();
      let status = 0;
      while (status !== 200 && Date.now() - back < 3000) {
        status = (await service.get('/search?q=tea')).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
      expect(Date.now() - back).toBeLessThan(1000);
      expect(breaker.isOpen).toBe(false);
    } finally {
      await service.close();
    }
  });

  test('does not count errors the store answers with: it is up', async () => {
    endpoint = await misbehavingEndpoint((res) => res.writeHead(500).end('syntax error'));
    const breaker = new CircuitBreakerStore(new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }), 2, 10_000);
    for (let i = 0; i < 4; i++) await expect(breaker.select('SELECT * WHERE {}')).rejects.toMatchObject({ status: 502 });
    expect(breaker.isOpen).toBe(false);
    expect(endpoint.requests.length).toBe(4);
  });
});

describe('GET /health and GET /ready', () => {
  test('/health answers 200 whatever the store, /ready only while the store answers', async () => {
    const port = await freePort();
    const service = await startService(
      { LABEL_INDEX: 'off' },
      new HttpStore({ endpoint: `http://127.0.0.1:${port}/sparql`, timeoutMs: 1000 }),
    );
    try {
      const health = await service.get('/health');
      expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(health.headers.get('cache-control')).toBe('no-store');
      const ready = await service.get('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 503, error: 'Service Unavailable', message: expect.stringContaining('not ready') });
      expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await service.close();
    }
    const embedded = await startService();
    try {
      expect(await embedded.get('/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    } finally {
      await embedded.close();
    }
  });
});
