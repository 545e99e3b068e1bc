import type { Config } from '../config.js';
import { EmbeddedStore } from './EmbeddedStore.js';
import { CircuitBreakerStore } from './CircuitBreakerStore.js';
import { HttpStore } from './HttpStore.js';
import { LimitingStore } from './LimitingStore.js';
import type { SparqlStore } from './SparqlStore.js';

/**
 * The HTTP store when SPARQL_ENDPOINT is set, else the embedded store loaded from DATA_FILES.
 * The HTTP store comes behind a circuit breaker (a store that is down is not hammered) and a
 * limit on queries in flight and waiting (SPARQL_MAX_CONCURRENCY, SPARQL_QUEUE_LIMIT).
 */
export async function createStore(config: Config): Promise<SparqlStore> {
  if (config.sparqlEndpoint !== undefined) {
    const http = new HttpStore({
      endpoint: config.sparqlEndpoint,
      user: config.sparqlUser,
      password: config.sparqlPassword,
      graph: config.sparqlGraph,
      timeoutMs: config.sparqlTimeoutMs,
    });
    return new CircuitBreakerStore(new LimitingStore(http, config.sparqlMaxConcurrency, config.sparqlQueueLimit));
  }
  return EmbeddedStore.load(config.dataFiles, config.sparqlGraph);
}
