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

/** The store requests that carry a word matching `pattern`. */
const reaching = (pattern: RegExp): MisbehavingEndpoint['requests'] =>
  endpoint.requests.filter((request) => pattern.test(new URLSearchParams(request.body).get('query') ?? ''));

/** Asks `/search?q=word`; the client leaves after `leaveAfterMs`, if given. */
async function search(word: string, leaveAfterMs?: number): Promise<number | undefined> {
  const leaving = new AbortController();
  if (leaveAfterMs !== undefined) setTimeout(() => leaving.abort(), leaveAfterMs);
  return fetch(`${service.url}/search?q=${word}`, { signal: leaving.signal }).then(
    (response) => response.status,
    () => undefined,
  );
}

test('queued searches whose clients leave never reach the store, and one under way is cut off', async () => {
  misbehaviour.slowSelectMs = 1500;
  // two clients that stay hold both slots for 1.5 s; ten queued behind them leave after 300 ms
  const staying = [search('staying0'), search('staying1')];
  await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all(Array.from({ length: 10 }, (_, i) => search(`leaving${i}`, 300)));
  expect(await Promise.all(staying)).toEqual([200, 200]);
  // had they stayed queued, the slots freed at 1.5 s would have taken them to the store
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(reaching(/leaving\d/)).toEqual([]);
  // one alone gets a slot at once, and its client leaves while the store works on it
  await search('alone', 300);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(reaching(/alone/).map((request) => request.aborted)).toEqual([true]);
  misbehaviour.slowSelectMs = 0;
  const { status, body } = await service.get('/search?q=tomato');
  expect(status).toBe(200);
  expect((body._embedded?.concepts ?? body.concepts).length).toBeGreaterThan(0);
}, 20_000);
