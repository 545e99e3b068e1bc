import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import type { Route } from '../../src/http/Route.js';
import { createLookup } from '../../src/lookup/createLookup.js';
import type { Lookup } from '../../src/lookup/Lookup.js';
import type { Config } from '../../src/Config.js';
import { QUERIES_DIR, loadConfig } from '../../src/loadConfig.js';
import { listen } from '../../src/http/listen.js';
import { createLogger } from '../../src/log.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { Metrics } from '../../src/metrics/Metrics.js';
import { MeteredStore } from '../../src/store/MeteredStore.js';
import { createStore } from '../../src/store/createStore.js';
import { ForwardingStore } from '../../src/store/ForwardingStore.js';
import type { Bindings, SparqlStore } from '../../src/store/SparqlStore.js';

/** The sample vocabulary's namespace. */
export const FOOD = 'https://example.org/food/';

/** The real-world oddities (test/fixtures/real-world-oddities.nt). */
export const ODDITIES = 'test/fixtures/real-world-oddities.nt';

/**
 * Settings for a service on the oddities: on the embedded store the service loads the file;
 * on another store (SPARQL_ENDPOINT), the suite's script has loaded it into the graph
 * ODDITIES_GRAPH.
 */
export function odditiesSettings(): Record<string, string> {
  return fixtureSettings(ODDITIES, 'ODDITIES_GRAPH');
}

/** The browsing fixture (test/fixtures/hierarchy.ttl). */
export const HIERARCHY = 'test/fixtures/hierarchy.ttl';

/**
 * Settings for a service on a fixture file: on the embedded store the service loads it; on
 * another store (SPARQL_ENDPOINT), the suite's script has loaded it into the graph that the
 * environment variable `graphVariable` names.
 */
export function fixtureSettings(file: string, graphVariable: string): Record<string, string> {
  if (process.env.SPARQL_ENDPOINT === undefined) return { DATA_FILES: file };
  const graph = process.env[graphVariable];
  if (graph === undefined) throw new Error(`${graphVariable} must name the graph that holds ${file} when SPARQL_ENDPOINT is set`);
  return { SPARQL_GRAPH: graph };
}

/**
 * The settings a contract test runs under: the environment's SPARQL_* variables and
 * LABEL_INDEX (so the same tests run against a real store, and with or without the label
 * index, when a suite sets them), then the test's own.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const fromEnvironment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name.startsWith('SPARQL_') || name === 'LABEL_INDEX'),
  );
  return loadConfig({ LOG_LEVEL: 'silent', ...fromEnvironment, ...overrides });
}

/** A store wrapper that counts (and keeps) the queries it passes on: instrumentation, not a mock. */
export class CountingStore extends ForwardingStore {
  queries = 0;
  readonly sent: string[] = [];
  override async select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    this.queries++;
    this.sent.push(query);
    return this.inner.select(query, name, timeoutMs);
  }
  override async close(): Promise<void> {}
}

const stores = new Map<string, Promise<SparqlStore>>();

/** One store per configuration and test file: loading the embedded store once is enough. */
function sharedStore(config: Config): Promise<SparqlStore> {
  const key = JSON.stringify([config.sparqlEndpoint, config.dataFiles, config.sparqlGraphs, config.sparqlTimeoutMs]);
  let store = stores.get(key);
  if (store === undefined) {
    store = createStore(config);
    stores.set(key, store);
  }
  return store;
}

export interface RunningService {
  /** The service's root, e.g. `http://127.0.0.1:40123` (plus BASE_PATH). */
  url: string;
  store: CountingStore;
  config: Config;
  /** The service's lookup, for what no endpoint shows by itself (the start's checks). */
  concepts: Lookup;
  /** Every route the service answers, as declared: what it mounted, described and names in its 404. */
  routes: readonly Route[];
  /** GET `path` (relative to the root) and read the body: parsed where it is JSON, else its text. */
  get(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/** Builds the app on a real store and listens on a free port of the loopback interface. */
export async function startService(overrides: Record<string, string> = {}, store?: SparqlStore): Promise<RunningService> {
  const config = testConfig(overrides);
  const shared = await sharedStore(config);
  const counting = new CountingStore(store ?? shared);
  // As the service wires it, except that what is kept in memory (SKOS-XL or not, spelling
  // variants, label index) is read from the plain store, before the service listens: the
  // counting and gated stores see only what requests cause.
  const queries = QueryCatalog.load(config.sparqlDialect, QUERIES_DIR, config.skosEntailment);
  const metrics = new Metrics();
  const concepts = createLookup(config, queries, new MeteredStore(counting, metrics), createLogger('silent'), shared);
  // as server.ts watches them
  metrics.watchIndex(() => concepts.labelIndex?.stats);
  metrics.watchPool(() => concepts.pool && { threads: concepts.pool.size, ...concepts.pool.load });
  await concepts.start();
  const app = createApp({ config, concepts, log: createLogger('silent'), metrics });
  const server = await listen(app, 0, '127.0.0.1');
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: root + config.basePath,
    store: counting,
    routes: app.locals.routes as Route[],
    config,
    concepts,
    async get(path, init) {
      const response = await fetch(root + config.basePath + path, init);
      const text = await response.text();
      // JSON parsed; any other answer (Turtle asked by a `format`, a page) kept as its text
      const json = /json/.test(response.headers.get('content-type') ?? '');
      return { status: response.status, headers: response.headers, body: text === '' ? undefined : json ? JSON.parse(text) : text };
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await concepts.close();
    },
  };
}

/** `/get?uri=...` for sample-vocabulary ids (or full IRIs). */
export function getPath(ids: string[], extra = ''): string {
  return `/get?${ids.map((id) => `uri=${encodeURIComponent(id.includes(':') ? id : FOOD + id)}`).join('&')}${extra}`;
}

/** The sample-vocabulary ids of a list of concepts. */
export function ids(concepts: Array<{ uri: string }>): string[] {
  return concepts.map((concept) => concept.uri.replace(FOOD, ''));
}
