// One row of the benchmark: autocannon drives `connections` clients for `seconds`, each
// request taken from `next()` (a path, or a whole request for POSTs to a SPARQL endpoint).
// Latencies are kept per answer (autocannon's own summary has no 95th percentile).
import autocannon from 'autocannon';
import { request } from 'undici';

export const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Latency figures of a list of milliseconds, and the answers per second over `seconds`. */
export function summarise(latencies, seconds, extra = {}) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    answers: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: sorted.length / seconds,
    ...extra,
  };
}

/**
 * @param {{ url: string, next: () => string | { path: string, method?: string, body?: string, headers?: object }, connections: number, seconds: number }} options
 * @returns the 2xx answers' p50/p95/p99 (ms) and rate, and the count of other answers and errors.
 */
export async function measure({ url, next, connections, seconds }) {
  const latencies = [];
  let failed = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 120,
    requests: [
      {
        setupRequest(request) {
          const chosen = next();
          return typeof chosen === 'string' ? { ...request, path: chosen } : { ...request, ...chosen };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else failed++;
  });
  const result = await instance;
  return summarise(latencies, result.duration || seconds, { failed: failed + result.errors + result.timeouts });
}

/** A function that hands out `items` in turn, forever. */
export function cycle(items) {
  let i = 0;
  return () => items[i++ % items.length];
}

/**
 * The same row driven by undici's `request` (as the service asks its store) instead of
 * autocannon: `connections` loops, each sending its next request when its answer is in,
 * through `dispatcher`. For a store that the service asks on a new connection each query
 * (Virtuoso): autocannon keeps its connections alive, and on those some of Virtuoso's
 * answers wait 40 ms for a delayed ACK (docs/stores.md).
 * @param {{ url: string, next: () => { path: string, method?: string, body?: string, headers?: object }, connections: number, seconds: number, dispatcher: object }} options
 */
export async function measureRequests({ url, next, connections, seconds, dispatcher }) {
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { method = 'GET', path, body, headers } = next();
        const began = performance.now();
        try {
          const response = await request(new URL(path, url), { method, body, headers, dispatcher });
          await response.body.arrayBuffer();
          if (response.statusCode === 200) latencies.push(performance.now() - began);
          else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  return summarise(latencies, seconds, { failed });
}
