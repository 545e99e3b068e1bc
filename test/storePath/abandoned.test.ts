import { readFileSync } from 'node:fs';
import oxigraph from 'oxigraph';
import { oxigraphEndpoint, type Misbehaviour } from '../support/oxigraphEndpoint.js';
import type { MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { startService, type RunningService } from '../support/service.js';

// A store query whose client has gone is not left to keep the store busy until its deadline:
// one still waiting for its turn leaves the queue and is never asked, and one under way is cut
// off (its request to the store aborted). A real store behind an endpoint that answers slowly
// on purpose (the only way to hold queries in the queue long enough to watch them), on the
// store path (LABEL_INDEX=off), two queries in flight at most.

const misbehaviour: Misbehaviour = {};
let endpoint: MisbehavingEndpoint;
let service: RunningService;
beforeAll(async () => {
  const store = new oxigraph.Store();
  store.load(readFileSync('data/sample-vocabulary.ttl', 'utf8'), { format: 'text/turtle' });
  endpoint = await oxigraphEndpoint(store, misbehaviour);
  service = await startService({
    SPARQL_ENDPOINT: endpoint.url,
    SPARQL_GRAPH: '',
    LABEL_INDEX: 'off',
    SPARQL_MAX_CONCURRENCY: '2',
    SPARQL_QUEUE_LIMIT: '50',
    SPARQL_TIMEOUT_MS: '20000',
    CACHE_MAX_ENTRIES: '0',
  });
}, 60_000);
afterAll(async () => {
  await service.close();
  await endpoint.close();
});

/** The store requests that carry one of the abandoned searches' words. */
const abandonedQueries = (): MisbehavingEndpoint['requests'] =>
  endpoint.requests.filter((request) => /abandoned\d/.test(new URLSearchParams(request.body).get('query') ?? ''));

test('twelve searches whose clients leave after 300 ms: those under way are cut off, and the queued ones leave the queue', async () => {
  misbehaviour.slowSelectMs = 1500;
  await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const leaving = new AbortController();
      setTimeout(() => leaving.abort(), 300);
      await fetch(`${service.url}/search?q=abandoned${i}`, { signal: leaving.signal }).catch(() => undefined);
    }),
  );
  // long enough for the queued ones to have reached the store two at a time, had they stayed
  await new Promise((resolve) => setTimeout(resolve, 3500));
  const reached = abandonedQueries();
  // the two under way; a slot they free may pass to a queued query whose client's leaving is
  // heard a moment later, which is then cut off at once: never more than one for each slot
  expect(reached.length).toBeGreaterThanOrEqual(2);
  expect(reached.length).toBeLessThanOrEqual(4);
  expect(reached.every((request) => request.aborted)).toBe(true);
  misbehaviour.slowSelectMs = 0;
  const { status, body } = await service.get('/search?q=tomato');
  expect(status).toBe(200);
  expect((body._embedded?.concepts ?? body.concepts).length).toBeGreaterThan(0);
}, 20_000);
