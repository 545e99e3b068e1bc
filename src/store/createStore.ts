import type { Config } from '../config.js';
import type { Metrics } from '../metrics/Metrics.js';
import { EmbeddedStore } from './EmbeddedStore.js';
import { CircuitBreakerStore } from './CircuitBreakerStore.js';
import { HttpStore } from './HttpStore.js';
import { LimitingStore } from './LimitingStore.js';
import { MeteredStore } from './MeteredStore.js';
import type { SparqlStore } from './SparqlStore.js';

/**
 * The HTTP store when SPARQL_ENDPOINT is set, else the embedded store loaded from DATA_FILES.
 * The HTTP store comes behind a circuit breaker (a store that is down is not hammered) and a
 * limit on queries in flight and waiting (SPARQL_MAX_CONCURRENCY, SPARQL_QUEUE_LIMIT).
 * With `metrics`, every query is timed and the limiter's queue is watched.
 */
export async function createStore(config: Config, metrics?: Metrics): Promise<SparqlStore> {
  const store = await createBareStore(config, metrics);
  return metrics === undefined ? store : new MeteredStore(store, metrics);
}

async function createBareStore(config: Config, metrics: Metrics | undefined): Promise<SparqlStore> {
  if (config.sparqlEndpoint !== undefined) {
    const http = new HttpStore({
      endpoint: config.sparqlEndpoint,
      user: config.sparqlUser,
      password: config.sparqlPassword,
      graph: config.sparqlGraph,
      timeoutMs: config.sparqlTimeoutMs,
    });
    const limiting = new LimitingStore(http, config.sparqlMaxConcurrency, config.sparqlQueueLimit);
    metrics?.watchQueue(() => limiting.load);
    return new CircuitBreakerStore(limiting);
  }
  return EmbeddedStore.load(config.dataFiles, config.sparqlGraph);
}
