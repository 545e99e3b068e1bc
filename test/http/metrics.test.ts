import { misbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { getPath, startService, type RunningService } from '../support/service.js';
import { HttpStore } from '../../src/store/HttpStore.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ LABEL_INDEX: 'off' });
});
afterAll(() => service.close());

async function metrics(target: RunningService): Promise<string> {
  const response = await fetch(`${target.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return response.text();
}

/** The value of one series, or undefined when it is not shown. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  test('is not for pages of other origins: no CORS headers, where every other answer has them', async () => {
    const response = await fetch(`${service.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${service.url}/health`)).headers.get('access-control-allow-origin')).toBe('*');
  });

  test('counts requests by endpoint and status, cache hits and misses, and times store queries by name', async () => {
    await service.get('/suggest?q=tomat');
    await service.get('/suggest?q=tomat');
    await service.get(getPath(['tea']));
    await service.get('/search?q=tea&count=0');
    const text = await metrics(service);
    expect(value(text, 'skos_lookup_http_requests_total{endpoint="/suggest",status="200"}')).toBe(2);
    expect(value(text, 'skos_lookup_http_requests_total{endpoint="/get",status="200"}')).toBe(1);
    expect(value(text, 'skos_lookup_http_requests_total{endpoint="/search",status="400"}')).toBe(1);
    expect(value(text, 'skos_lookup_http_request_duration_seconds_count{endpoint="/suggest",status="200"}')).toBe(2);
    expect(value(text, 'skos_lookup_cache_lookups_total{endpoint="/suggest",result="miss"}')).toBe(1);
    expect(value(text, 'skos_lookup_cache_lookups_total{endpoint="/suggest",result="hit"}')).toBe(1);
    expect(value(text, 'skos_lookup_store_query_duration_seconds_count{query="suggest",outcome="ok"}')).toBe(1);
    expect(value(text, 'skos_lookup_store_query_duration_seconds_count{query="labels",outcome="ok"}')).toBe(1); // the candidates' labels, ranked as the label index ranks
    expect(value(text, 'skos_lookup_store_query_duration_seconds_count{query="concepts",outcome="ok"}')).toBe(1);
    for (const kind of ['bad_response', 'unreachable', 'overloaded', 'timeout', 'other']) {
      expect(value(text, `skos_lookup_store_errors_total{kind="${kind}"}`)).toBe(0);
    }
    expect(value(text, 'skos_lookup_store_queue_length')).toBe(0);
    expect(value(text, 'skos_lookup_store_queries_in_flight')).toBe(0);
    expect(value(text, 'skos_lookup_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  test("shows the event loop's delay (median, p99, max) and the worker pool's threads, busy ones and queue", async () => {
    const pooled = await startService({ LABEL_INDEX: 'on', INDEX_WORKERS: '2' });
    try {
      await pooled.get('/search?q=tea');
      const text = await metrics(pooled);
      for (const quantile of ['0.5', '0.99', '1'])
        expect(value(text, `skos_lookup_event_loop_delay_seconds{quantile="${quantile}"}`)).toBeGreaterThanOrEqual(0);
      // LABEL_INDEX=off in the store suites: no index, no pool
      expect(value(text, 'skos_lookup_index_pool_threads')).toBe(pooled.config.labelIndex ? 2 : 0);
      expect(value(text, 'skos_lookup_index_pool_busy')).toBe(0);
      expect(value(text, 'skos_lookup_index_pool_waiting')).toBe(0);
    } finally {
      await pooled.close();
    }
  });

  test('never holds what people looked up, nor paths the service does not have', async () => {
    await service.get('/suggest?q=confidentialword');
    await service.get('/confidential-path');
    const text = await metrics(service);
    expect(text).not.toContain('confidential');
    expect(value(text, 'skos_lookup_http_requests_total{endpoint="other",status="404"}')).toBeGreaterThanOrEqual(1);
  });

  test('counts store errors by kind', async () => {
    const endpoint = await misbehavingEndpoint((res) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom'));
    const failing = await startService(
      { LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' },
      new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }),
    );
    try {
      expect((await failing.get('/search?q=tea')).status).toBe(502);
      const text = await metrics(failing);
      expect(value(text, 'skos_lookup_store_errors_total{kind="bad_response"}')).toBe(1);
      expect(value(text, 'skos_lookup_store_query_duration_seconds_count{query="search",outcome="error"}')).toBe(1);
      expect(value(text, 'skos_lookup_http_requests_total{endpoint="/search",status="502"}')).toBe(1);
    } finally {
      await failing.close();
      await endpoint.close();
    }
  });

  test('is not served with METRICS=off', async () => {
    const quiet = await startService({ METRICS: 'off' });
    try {
      expect((await quiet.get('/metrics')).status).toBe(404);
    } finally {
      await quiet.close();
    }
  });
});
