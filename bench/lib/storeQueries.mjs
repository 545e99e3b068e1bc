// The reference floor's queries: for each request of a workload, the SPARQL queries the
// service sends to answer it on the store path (LABEL_INDEX=off: what a client that asks the
// store directly has to ask), recorded from the service's own StoreFinder and StoreConcepts (dist/) and
// query files. Ranking queries are answered with a page of the vocabulary's URIs, so that
// the queries that follow them (labels, details) are recorded for a full page too.
import rdf from '@rdfjs/data-model';
import { QUERIES_DIR } from '../../dist/loadConfig.js';
import { StoreConcepts } from '../../dist/lookup/storePath/StoreConcepts.js';
import { StoreFinder } from '../../dist/lookup/storePath/StoreFinder.js';
import { probeXlLabels } from '../../dist/sparql/probeXlLabels.js';
import { QueryCatalog } from '../../dist/sparql/QueryCatalog.js';
import { readSpellingVariants } from '../../dist/sparql/readSpellingVariants.js';
import { dispatcherFor, newConnectionEachQuery, selectAccept } from '../../dist/store/HttpStore.js';

/**
 * @param config the service's Config for the backend
 * @param store the real store (asked once whether it holds SKOS-XL labels, and for the
 *   virtuoso dialect's spelling variants, as the service does at start)
 * @param uris the vocabulary's concept URIs
 * @returns `record(path)`: the [{ name, query }] the service sends for a request path
 */
export async function storeQueries(config, store, uris) {
  const loaded = QueryCatalog.load(config.sparqlDialect, QUERIES_DIR);
  const queries = loaded.withXlBranches(await probeXlLabels(store, loaded));
  const spellings = queries.optional('accentedLabels') === undefined ? undefined : (await readSpellingVariants(store, queries)).variants;
  let sent = [];
  let next = 0;
  const recorder = {
    async select(query, name) {
      sent.push({ name, query });
      if (name !== 'search' && name !== 'suggest') return [];
      const limit = Number(/LIMIT\s+(\d+)/i.exec(query)?.[1] ?? 10);
      return Array.from({ length: limit }, () => ({ concept: rdf.namedNode(uris[next++ % uris.length]) }));
    },
    async close() {},
  };
  const conceptTypes = config.conceptTypes.map((type) => rdf.namedNode(type));
  const concepts = new StoreConcepts(recorder, queries, conceptTypes, config.defaultLang);
  const finder = new StoreFinder({ store: recorder, queries, concepts, conceptTypes, defaultLang: config.defaultLang, spellings });
  return async function record(path) {
    sent = [];
    const url = new URL(path, 'http://x');
    const q = url.searchParams.get('q');
    if (url.pathname === '/get') await concepts.get(url.searchParams.getAll('uri'), undefined);
    else if (url.pathname === '/search') await finder.search({ q, count: 20, page: 1 });
    else await finder.suggest({ q, count: 10, page: 1 });
    return sent;
  };
}

/**
 * One query as the SPARQL protocol POSTs it, form-encoded, as the service sends it: the
 * query, the graph as `default-graph-uri` where there is one, the form of results in `accept`.
 * @returns {{ method: 'POST', body: string, headers: Record<string, string> }} options for undici's `request`
 */
export function sparqlPost(query, graph, accept) {
  return {
    method: 'POST',
    body: new URLSearchParams({ query, ...(graph ? { 'default-graph-uri': graph } : {}) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
  };
}

const asking = new Map();

/**
 * How the service asks the store at `endpoint`, which it tells apart by the store's `Server`
 * header (src/store/HttpStore.ts): the form of SELECT results (`accept`: SPARQL XML from
 * Virtuoso, JSON from the rest) and the connections (`dispatcher`; `fresh` where each query
 * gets a new one). Asked of the store once per endpoint.
 * @returns {Promise<{ accept: string, dispatcher: object, fresh: boolean }>}
 */
export function howTheServiceAsks(endpoint) {
  if (!asking.has(endpoint))
    asking.set(
      endpoint,
      (async () => {
        const ping = await fetch(endpoint, { method: 'POST', body: new URLSearchParams({ query: 'ASK {}' }) });
        await ping.arrayBuffer();
        const server = ping.headers.get('server') ?? undefined;
        return { accept: selectAccept(server), dispatcher: dispatcherFor(server), fresh: newConnectionEachQuery(server) };
      })(),
    );
  return asking.get(endpoint);
}
