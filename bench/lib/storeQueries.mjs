// The reference floor's queries: for each request of a workload, the SPARQL queries the
// service sends to answer it on the store path (LABEL_INDEX=off: what a client that asks the
// store directly has to ask), recorded from the service's own ConceptService (dist/) and
// query files. Ranking queries are answered with a page of the vocabulary's URIs, so that
// the queries that follow them (labels, details) are recorded for a full page too.
import rdf from '@rdfjs/data-model';
import { ConceptService } from '../../dist/concepts/ConceptService.js';
import { createLogger } from '../../dist/log.js';
import { QueryCatalog } from '../../dist/sparql/QueryCatalog.js';
import { SpellingVariantsSource } from '../../dist/sparql/SpellingVariantsSource.js';
import { XlLabelsProbe } from '../../dist/sparql/XlLabelsProbe.js';

/**
 * @param config the service's Config for the backend
 * @param store the real store (asked once whether it holds SKOS-XL labels, and for the
 *   virtuoso dialect's spelling variants, as the service does at start)
 * @param uris the vocabulary's concept URIs
 * @returns `record(path)`: the [{ name, query }] the service sends for a request path
 */
export async function storeQueries(config, store, uris) {
  const queries = QueryCatalog.load(config.sparqlDialect);
  const log = createLogger('silent');
  await new XlLabelsProbe(store, queries, 3600, log).load();
  const spellings = queries.optional('accentedLabels') === undefined ? undefined : new SpellingVariantsSource(store, queries, 3600, log);
  await spellings?.load();
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
  const concepts = new ConceptService({ store: recorder, queries, conceptTypes: config.conceptTypes, defaultLang: config.defaultLang, spellings });
  return async function record(path) {
    sent = [];
    const url = new URL(path, 'http://x');
    const q = url.searchParams.get('q');
    if (url.pathname === '/get') await concepts.get(url.searchParams.getAll('uri'), undefined);
    else if (url.pathname === '/search') await concepts.search({ q, count: 20, page: 1 });
    else await concepts.suggest({ q, count: 10, page: 1 });
    return sent;
  };
}
