// /get of one concept and of twenty at 2 million concepts and the like: from memory (the
// service with its label index in, as it runs by default), from the store (a second service
// on the store path, LABEL_INDEX=off), and the store's own query for the same concepts (the
// one the second service sends) POSTed straight to the store as the service sends it: the
// same form of results and the same connections (howTheServiceAsks). Beside them, the same
// query through a bare forwarder (forwarder.mjs): what one more process and one more HTTP
// exchange cost on this machine, before any work of the service's own.
// From memory is measured as every other row is (autocannon, one client). The store path,
// the forwarder and the store's own query are asked in turn, request by request, by one
// client of the same kind (undici's `request`, the leanest client Node has, and the one the
// service asks its store with), so that a busy moment of the machine falls on all alike and
// their ratios compare like with like.
import { Agent, request } from 'undici';
import { loadConfig } from '../../dist/loadConfig.js';
import { createStore } from '../../dist/store/createStore.js';
import { cycle, measure, summarise } from './measure.mjs';
import { startProcess } from './processes.mjs';
import { howTheServiceAsks, sparqlPost, storeQueries } from './storeQueries.mjs';

const PICKED = 200;
const ROUNDS = 5;

const path = (uris) => `/get?${uris.map((uri) => `uri=${encodeURIComponent(uri)}`).join('&')}`;

async function timed(ask) {
  const began = performance.now();
  const { statusCode, body } = await ask();
  await body.arrayBuffer();
  if (statusCode !== 200) throw new Error(`answered ${statusCode}`);
  return performance.now() - began;
}

/**
 * @param {{ url: string, env: Record<string, string>, uris: string[], store: { endpoint: string, graph: string }, picked?: number, rounds?: number }} options
 *   `url`: the service from memory (result cache off); `env`: its settings; `picked` concepts
 *   (PICKED) asked `rounds` times (ROUNDS) after a first round that warms up
 * @returns {Promise<Record<'1' | '20', { memory: object, store: object, forwarded: object, direct: object }>>}
 */
export async function getFigures({ url, env, uris, store: { endpoint, graph }, picked: count = PICKED, rounds = ROUNDS }) {
  const step = Math.max(1, Math.floor(uris.length / count));
  const picked = uris.filter((_, i) => i % step === 0).slice(0, count);
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env, LABEL_INDEX: 'off' });
  const sparql = await createStore(config);
  const record = await storeQueries(config, sparql, uris);
  await sparql.close();
  const { accept, dispatcher } = await howTheServiceAsks(endpoint);
  const storePath = await startProcess(
    'dist/server.js',
    { ...env, LOG_LEVEL: 'info', LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' },
    { ready: true },
  );
  const forwarder = await startProcess('bench/lib/forwarder.mjs', env);
  const keptAlive = new Agent(); // to the service and the forwarder, as a browser's connection is
  try {
    const result = {};
    for (const size of [1, 20]) {
      const paths = Array.from({ length: Math.max(1, Math.floor(picked.length / size)) }, (_, i) =>
        path(picked.slice(i * size, i * size + size)),
      );
      const asks = [];
      for (const get of paths) {
        const [{ query }] = await record(get);
        const asked = sparqlPost(query, graph, accept);
        asks.push({
          store: () => request(storePath.url + get, { dispatcher: keptAlive }),
          forwarded: () => request(forwarder.url, { method: 'POST', body: query, dispatcher: keptAlive }),
          direct: () => request(endpoint, { ...asked, dispatcher }),
        });
      }
      const times = { store: [], forwarded: [], direct: [] };
      for (let round = 0; round <= rounds; round++)
        for (const ask of asks)
          for (const how of Object.keys(times)) {
            const ms = await timed(ask[how]);
            if (round > 0) times[how].push(ms); // the first round warms both up
          }
      const memory = await measure({ url, next: cycle(paths), connections: 1, seconds: 3 });
      result[size] = { memory, ...Object.fromEntries(Object.entries(times).map(([how, ms]) => [how, summarise(ms, 1)])) };
    }
    return result;
  } finally {
    await Promise.all([storePath.stop(), forwarder.stop(), keptAlive.close()]);
  }
}
