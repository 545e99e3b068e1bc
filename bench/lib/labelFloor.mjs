// The floor of building the label index: the time the store takes to send just the label
// rows (skos:prefLabel, skos:altLabel, skos:hiddenLabel) straight to a client, each by one
// plain triple pattern, as N-Triples, in the parts of at most `part` (a million) triples the store
// allows (Virtuoso refuses larger CONSTRUCT answers; Infinity: whole), `parallel` parts at a time, counting
// lines and parsing nothing. The index reads more than this (concept types, schemes,
// notations, links): the floor is what any reader of the labels alone must wait for.
import { request } from 'undici';
import { sparqlPost } from './storeQueries.mjs';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const PART = 1_000_000;

/** Asks as the service asks its store (undici's `request`); resolves with the answer's body. */
async function ask(endpoint, graph, query, accept) {
  const { statusCode, body } = await request(endpoint, {
    ...sparqlPost(query, graph, accept),
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  if (statusCode !== 200) throw new Error(`the store answered ${statusCode}: ${(await body.text()).slice(0, 200)}`);
  return body;
}

export async function labelFloor({ endpoint, graph, parallel = 2, part = PART }) {
  const started = performance.now();
  const parts = [];
  for (const property of ['prefLabel', 'altLabel', 'hiddenLabel']) {
    const pattern = `?s <${SKOS}${property}> ?o`;
    const counted = await (
      await ask(endpoint, graph, `SELECT (COUNT(*) AS ?n) WHERE { ${pattern} }`, 'application/sparql-results+json')
    ).json();
    const count = Number(counted.results.bindings[0]?.n?.value ?? 0);
    for (let offset = 0; offset < count; offset += part)
      parts.push(`CONSTRUCT { ${pattern} } WHERE { ${pattern} }${count > part ? ` LIMIT ${part} OFFSET ${offset}` : ''}`);
  }
  let rows = 0;
  const worker = async () => {
    for (let query = parts.shift(); query !== undefined; query = parts.shift()) {
      const body = await ask(endpoint, graph, query, 'application/n-triples');
      for await (const chunk of body) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { rows, ms: performance.now() - started };
}
