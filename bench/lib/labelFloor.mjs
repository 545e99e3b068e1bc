// The floor of building the label index: the very queries the service sends to read every
// label (labels.rq, in as many parts as the service used), POSTed straight to the store as
// TSV and streamed, counting lines and parsing nothing.
import { labelQueries } from '../../dist/index/readLabelRows.js';
import { createLogger } from '../../dist/log.js';
import { QueryCatalog } from '../../dist/sparql/QueryCatalog.js';
import { XlLabelsProbe } from '../../dist/sparql/XlLabelsProbe.js';
import { HttpStore } from '../../dist/store/HttpStore.js';

const CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

export async function labelFloor({ endpoint, graph, parts }) {
  const queries = QueryCatalog.load('generic');
  await new XlLabelsProbe(new HttpStore({ endpoint, graph, timeoutMs: 60_000 }), queries, 3600, createLogger('silent')).load(); // as the service does
  const started = performance.now();
  let rows = 0;
  for (const query of labelQueries(queries, [CONCEPT], parts)) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/tab-separated-values' },
      body: new URLSearchParams({ query, 'default-graph-uri': graph }),
    });
    let lines = 0;
    for await (const chunk of response.body) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    rows += lines - 1; // the header
  }
  return { rows, ms: performance.now() - started };
}
