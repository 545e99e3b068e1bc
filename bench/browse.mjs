#!/usr/bin/env node
// Browsing over HTTP, one client at a time, uncached (CACHE_MAX_ENTRIES=0: the index answers
// each request): /schemes, /top and /narrower pages of 100 in the default language (a slice
// of the lists the index holds in that order) and in another (sorted for it on each request),
// and what the fields ancestors, narrower and narrowerCount add to /get of 20 concepts. The
// service (dist/server.js) reads the vocabulary from a store and graph of your own, then
// writes its index to a snapshot, whose arrays give the bytes browsing costs a concept.
// Prints a Markdown table of p50, p95 and max in ms and saves it as bench/results/NAME/
// (--name; browse-<concepts> by default: a hierarchy and a flat scheme want names of their own).
//   node bench/browse.mjs --endpoint http://127.0.0.1:18990/sparql --graph urn:x-skos-lookup:tree2m
//        [--dialect virtuoso] [--lang de] [--requests 200] [--snapshot tmp/bench/index-browse.bin] [--name browse-hierarchy-2000000]
import { readFileSync } from 'node:fs';
import { percentile } from './lib/measure.mjs';
import { markdownTable, measuredAt, saveResults } from './lib/results.mjs';
import { startProcess } from './lib/processes.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const endpoint = option('endpoint', undefined);
if (endpoint === undefined) throw new Error('--endpoint: the SPARQL endpoint that holds the vocabulary');
const graph = option('graph', undefined);
const other = option('lang', 'de');
const requests = Number(option('requests', '200'));
const snapshot = option('snapshot', 'tmp/bench/index-browse.bin');
const measured = measuredAt();
const began = Date.now();

const service = await startProcess(
  'dist/server.js',
  {
    SPARQL_ENDPOINT: endpoint,
    ...(graph === undefined ? {} : { SPARQL_GRAPH: graph }),
    SPARQL_DIALECT: option('dialect', 'virtuoso'),
    CACHE_MAX_ENTRIES: '0',
    INDEX_SNAPSHOT: snapshot,
    LOG_LEVEL: 'info', // the line that says where it listens is at info
    LOG_FORMAT: 'json',
  },
  { ready: true },
);
const ask = async (path) => {
  const started = performance.now();
  const response = await fetch(service.url + path);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
};
const timed = async (paths) => {
  const times = [];
  for (const path of paths) times.push((await ask(path)).ms);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? NaN, n: times.length };
};
const rows = [];
const row = (what, figures) =>
  figures.n > 0 && rows.push([what, figures.n, ...[figures.p50, figures.p95, figures.max].map((ms) => ms.toFixed(2))]);
const q = encodeURIComponent;

// the floor: the service's cheapest answer, over the same HTTP
row('/health (the floor: HTTP alone)', await timed(Array(requests).fill('/health')));
const { body: schemes } = await ask('/schemes');
row('/schemes', await timed(Array(Math.min(requests, 50)).fill('/schemes')));
const scheme = schemes.schemes.toSorted((a, b) => b.concepts - a.concepts)[0];
const topPages = Math.min(100, Math.ceil(scheme.topConcepts / 100));
const topPaths = (lang) =>
  Array.from({ length: requests }, (_, i) => `/top?scheme=${q(scheme.uri)}&count=100&page=${1 + ((i * 7) % topPages)}${lang}`);
if (scheme.topConcepts > 2000) {
  // a long list in another language: its order is made by the first request (then kept)
  row(
    `/top, the first page in lang=${other} (makes the language's order)`,
    await timed([`/top?scheme=${q(scheme.uri)}&count=100&lang=${other}`]),
  );
}
row(`/top, a page of 100 of ${scheme.topConcepts} (default language)`, await timed(topPaths('')));
row(`/top, a page of 100 of ${scheme.topConcepts} (lang=${other}, sorted for it)`, await timed(topPaths(`&lang=${other}`)));

// parents: concepts met walking down from the top concepts, those with something below
const parents = [];
let level = (await ask(`/top?scheme=${q(scheme.uri)}&count=1000&fields=narrowerCount`)).body.concepts;
while (parents.length < requests && level.length > 0) {
  const next = [];
  for (const concept of level) {
    if (concept.narrowerCount === 0 || parents.length >= requests) continue;
    parents.push(concept.uri);
    next.push(...(await ask(`/narrower?uri=${q(concept.uri)}&count=20&fields=narrowerCount`)).body.concepts);
  }
  level = next;
}
const sizes = [];
for (const uri of parents.slice(0, 50))
  sizes.push((await ask(`/get?uri=${q(uri)}&fields=narrowerCount`)).body._embedded.concepts[0].narrowerCount);
sizes.sort((a, b) => a - b);
const narrowerPaths = (lang) => parents.map((uri) => `/narrower?uri=${q(uri)}&count=100${lang}`);
row(
  `/narrower, a page of 100 (default language; narrowerCount p50 ${percentile(sizes, 50)}, max ${sizes.at(-1)})`,
  await timed(narrowerPaths('')),
);
row(`/narrower, a page of 100 (lang=${other}, sorted for it)`, await timed(narrowerPaths(`&lang=${other}`)));
row(
  '/narrower, a page of 100, fields=narrowerCount',
  await timed(parents.map((uri) => `/narrower?uri=${q(uri)}&count=100&fields=narrowerCount`)),
);

// what the fields add to /get of 20 concepts from down the hierarchy
const deep = [];
for (const uri of parents.slice(-40)) deep.push(...(await ask(`/narrower?uri=${q(uri)}&count=1`)).body.concepts.map((c) => c.uri));
const batches = [];
for (let i = 0; i + 20 <= deep.length; i += 20)
  batches.push(
    deep
      .slice(i, i + 20)
      .map((uri) => `uri=${q(uri)}`)
      .join('&'),
  );
const gets = (fields) =>
  batches.length === 0 ? [] : Array.from({ length: Math.min(requests, 100) }, (_, i) => `/get?${batches[i % batches.length]}${fields}`);
const plain = await timed(gets(''));
const withAncestors = await timed(gets('&fields=ancestors'));
const depth =
  batches.length === 0 ? [0] : (await ask(`/get?${batches[0]}&fields=ancestors`)).body._embedded.concepts.map((c) => c.ancestors.length);
row('/get, 20 concepts', plain);
row(`/get, 20 concepts, fields=ancestors (depths ${Math.min(...depth)} to ${Math.max(...depth)})`, withAncestors);
row('/get, 20 concepts, fields=narrower,narrowerCount', await timed(gets('&fields=narrower,narrowerCount')));

const memory = service.memory();
await service.stop(); // waited for: its log pipe must stay open until it is gone

// what browsing holds, from the snapshot's arrays
const MAGIC = 'SKOSLOOKUP-INDEX\n';
const head = readFileSync(snapshot).subarray(0, 1 << 20);
const layout = JSON.parse(head.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + head.readUInt32LE(MAGIC.length)));
const bytesOf = (names) =>
  layout.arrays
    .filter((array) => names.includes(array.name))
    .reduce((sum, array) => sum + array.length * { Uint8Array: 1, Uint16Array: 2, Uint32Array: 4 }[array.type], 0);
const concepts = layout.arrays.find((array) => array.name === 'conceptOffsets').length - 1;
const browsing = bytesOf([
  'narrowerOffsets',
  'narrower',
  'schemeTopOffsets',
  'schemeTops',
  'otherFlags',
  'schemeFlags',
  'schemeConcepts',
  'schemeLanguageOffsets',
  'schemeLanguages',
]);
const all = bytesOf(layout.arrays.map((array) => array.name));

console.log(`${concepts} concepts; scheme ${scheme.uri}: ${scheme.concepts} concepts, ${scheme.topConcepts} top concepts`);
const table = { columns: ['request', 'n', 'p50 ms', 'p95 ms', 'max ms'], rows };
console.log(markdownTable(table));
const after =
  `Browsing's arrays: ${(browsing / 1e6).toFixed(1)} MB, ${(browsing / concepts).toFixed(1)} bytes a concept (the index: ${(all / 1e6).toFixed(0)} MB); ` +
  `service RSS at the end ${memory.rss} MB, peak ${memory.peak} MB; index in after ${(service.readyMs / 1000).toFixed(1)} s.`;
console.log(`\n${after}`);
const saved = saveResults(option('name', `browse-${concepts}`), {
  measured,
  began,
  command: `node bench/browse.mjs ${argv.join(' ')}`,
  setup: `${concepts.toLocaleString('en')} concepts; the scheme ${scheme.uri}: ${scheme.concepts.toLocaleString('en')} concepts, ${scheme.topConcepts.toLocaleString('en')} top concepts. One client, uncached, each request once in turn.`,
  tables: [table],
  after,
});
console.log(`wrote ${saved}`);
