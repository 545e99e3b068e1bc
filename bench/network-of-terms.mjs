#!/usr/bin/env node
// node bench/network-of-terms.mjs --endpoint URL --service URL [--graph IRI] [--queries 200] [--limit 100]
//
// A peer side by side: Network of Terms (the Dutch heritage network's lookup) asks the store
// at every request, through its query engine (`@netwerk-digitaal-erfgoed/network-of-terms-query`,
// Comunica over SPARQL). This sends the same search words, one after the other, through its
// engine to the store and to this service's /search (already started on the same store, its
// label index in), and prints one JSON line: p50/p95 ms, answers per second and the mean
// number of concepts per answer for each.
//
// Network of Terms is configured as its users configure a Virtuoso source with the engine
// version the npm registry serves (5.4.0): its catalog's Virtuoso datasets of that version
// (e.g. `queries/search/nmvw.rq`) find concepts by `bif:contains` over prefLabel and altLabel
// and read each one's labels, scope notes, broader and narrower with their prefLabels, in one
// CONSTRUCT with `LIMIT 1000` (later versions moved the limit into a subquery, `#LIMIT#`); the
// query words as its GraphQL API sends them by default (QueryMode.OPTIMIZED). This service
// answers /search with `count` 100, the most a page holds.
//
// The engine is installed on first use into tmp/peers/ (npm registry; not a dependency of
// the project: CI never needs it). Timings go to BENCHMARKS.md, never into a test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const endpoint = option('endpoint');
const service = option('service');
const graph = option('graph');
const queryCount = Number(option('queries', 200));
const limit = Number(option('limit', 100)); // this service's page
const timeoutMs = Number(option('timeout', 60000));
if (endpoint === undefined || service === undefined) throw new Error('--endpoint and --service are required');

const PACKAGE = '@netwerk-digitaal-erfgoed/network-of-terms-query';
const VERSION = '5.4.0';
const peers = resolve('tmp/peers/network-of-terms');
if (!existsSync(resolve(peers, 'node_modules', PACKAGE))) {
  mkdirSync(peers, { recursive: true });
  process.stderr.write(`network-of-terms: installing ${PACKAGE}@${VERSION} into ${peers}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', peers, `${PACKAGE}@${VERSION}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const load = (name) => import(pathToFileURL(createRequire(resolve(peers, 'package.json')).resolve(name)).href);
const { QueryTermsService, QueryMode, Dataset, SparqlDistribution, Organization } = await load(PACKAGE);
const { default: Pino } = await load('pino');

// The search query of a Virtuoso source, as the catalog of engine 5.4.0 writes them.
const SEARCH = `PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
CONSTRUCT {
    ?uri a skos:Concept ;
        skos:prefLabel ?prefLabel ;
        skos:altLabel ?altLabel ;
        skos:hiddenLabel ?hiddenLabel ;
        skos:scopeNote ?scopeNote ;
        skos:broader ?broader_uri ;
        skos:narrower ?narrower_uri .
    ?broader_uri skos:prefLabel ?broader_prefLabel .
    ?narrower_uri skos:prefLabel ?narrower_prefLabel .
}
WHERE {
    ?uri ?predicate ?label .
    VALUES ?predicate { skos:prefLabel skos:altLabel }
    ?label <bif:contains> ?virtuosoQuery .
    OPTIONAL { ?uri skos:prefLabel ?prefLabel . }
    OPTIONAL { ?uri skos:scopeNote ?scopeNote . }
    OPTIONAL { ?uri skos:altLabel ?altLabel . }
    OPTIONAL { ?uri skos:hiddenLabel ?hiddenLabel . }
    OPTIONAL { ?uri skos:broader ?broader_uri . ?broader_uri skos:prefLabel ?broader_prefLabel . }
    OPTIONAL { ?uri skos:narrower ?narrower_uri . ?narrower_uri skos:prefLabel ?narrower_prefLabel . }
}
LIMIT 1000`;
const distribution = new SparqlDistribution('urn:x-bench:distribution', endpoint, SEARCH, '');
const dataset = new Dataset(
  'urn:x-bench:dataset',
  { en: 'bench' },
  { en: 'bench' },
  [],
  [],
  '',
  ['en'],
  [new Organization('urn:x-bench:org', { en: 'bench' }, {})],
  [distribution],
);
const terms = new QueryTermsService({ logger: Pino({ level: 'silent' }) });

/** Search words: one word of each of `queryCount` prefLabels spread over the vocabulary, from the store itself. */
async function words() {
  const query = `SELECT ?label WHERE { ?c <http://www.w3.org/2004/02/skos/core#prefLabel> ?label FILTER(LANG(?label) = "en" || LANG(?label) = "") } LIMIT ${queryCount * 50}`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' },
    body: new URLSearchParams({ query, ...(graph ? { 'default-graph-uri': graph } : {}) }),
  });
  const labels = (await response.json()).results.bindings.map((row) => row.label.value);
  const picked = [];
  for (let i = 0; picked.length < queryCount && i < labels.length; i += Math.max(1, Math.floor(labels.length / queryCount))) {
    const candidates = labels[i].split(/\s+/).filter((word) => word.length >= 4);
    if (candidates.length > 0) picked.push(candidates[i % candidates.length]);
  }
  return picked;
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
async function measure(name, ask) {
  const times = [];
  let found = 0;
  let failed = 0;
  const began = performance.now();
  for (const word of queries) {
    const started = performance.now();
    try {
      found += await ask(word);
    } catch (error) {
      failed++;
      if (failed === 1) process.stderr.write(`network-of-terms: ${name}: ${error.message}\n`);
    }
    times.push(performance.now() - started);
  }
  const seconds = (performance.now() - began) / 1000;
  const round = (n) => Math.round(n * 100) / 100;
  return {
    name,
    queries: queries.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    perSecond: round(queries.length / seconds),
    conceptsPerAnswer: round(found / queries.length),
    failed,
  };
}

const queries = await words();
// one warm-up each, so that neither pays for a first connection or a cold engine
await terms.search(queries[0], QueryMode.OPTIMIZED, dataset, distribution, timeoutMs);
await fetch(`${service}/search?q=${encodeURIComponent(queries[0])}&count=${limit}`).then((r) => r.text());

const peer = await measure('Network of Terms', async (word) => {
  const { result } = await terms.search(word, QueryMode.OPTIMIZED, dataset, distribution, timeoutMs);
  if (!('terms' in result)) throw new Error(result.message);
  return result.terms.length;
});
const ours = await measure('this service', async (word) => {
  const response = await fetch(`${service}/search?q=${encodeURIComponent(word)}&count=${limit}`);
  if (!response.ok) throw new Error(`/search answered ${response.status}`);
  return (await response.json()).concepts.length;
});
process.stdout.write(`${JSON.stringify({ limit, peer, ours, speedup: Math.round((peer.p50 / ours.p50) * 10) / 10 })}\n`);
