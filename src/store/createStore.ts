import type { Config } from '../config.js';
import { EmbeddedStore } from './EmbeddedStore.js';
import { HttpStore } from './HttpStore.js';
import type { SparqlStore } from './SparqlStore.js';

/** The HTTP store when SPARQL_ENDPOINT is set, else the embedded store loaded from DATA_FILES. */
export async function createStore(config: Config): Promise<SparqlStore> {
  if (config.sparqlEndpoint !== undefined) {
    return new HttpStore({
      endpoint: config.sparqlEndpoint,
      user: config.sparqlUser,
      password: config.sparqlPassword,
      graph: config.sparqlGraph,
      timeoutMs: config.sparqlTimeoutMs,
    });
  }
  return EmbeddedStore.load(config.dataFiles, config.sparqlGraph);
}
