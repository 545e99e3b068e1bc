#!/usr/bin/env node
// The label index's /search and /suggest alone, in one process, without HTTP or a store:
// the index built from a synthetic vocabulary's N-Triples (as bench/index-memory.mjs reads
// them, with skos:related for the standing), then each query asked again and again. Prints
// the median and p95 time of each query in microseconds, to see what the ranking rules cost
// on the hot path.
//   node bench/index-queries.mjs [tmp/bench/synthetic-200000.nt.gz] [--dist dist] [--rounds 200]
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const file = argv.find((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? 'tmp/bench/synthetic-200000.nt.gz';
const dist = resolve(option('dist', 'dist'));
const rounds = Number(option('rounds', '200'));
const { LabelIndex } = await import(`${dist}/index/LabelIndex.js`);
const { LabelIndexBuilder } = await import(`${dist}/index/LabelIndexBuilder.js`);
// the queries over the index, where they live: lookup/memory/ (older commits: lookup/, and before
// that methods of LabelIndex)
const fromLookup = (name) => import(`${dist}/lookup/memory/${name}.js`).catch(() => import(`${dist}/lookup/${name}.js`));
const { prefLabelOf } = await fromLookup('shownConcept');
const patterns = await import(`${dist}/domain/matchPatterns.js`);
const ranking = await import(`${dist}/domain/ranking.js`);
const inLookup = await Promise.all(['IndexScan', 'searchInIndex', 'suggestInIndex'].map((name) => fromLookup(name).catch(() => undefined)));

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TRIPLE = /^<([^>]+)> <([^>]+)> (?:<([^>]+)>|"((?:[^"\\]|\\.)*)"(?:@([a-zA-Z-]+))?) \.$/;
const READ = new Set(
  ['prefLabel', 'altLabel', 'hiddenLabel', 'notation', 'inScheme', 'topConceptOf', 'narrower', 'related'].map((name) => `${SKOS}${name}`),
);
const builder = new LabelIndexBuilder('en');
let input = createReadStream(file);
if (file.endsWith('.gz')) input = input.pipe(createGunzip());
for await (const line of createInterface({ input, crlfDelay: Infinity })) {
  const match = TRIPLE.exec(line);
  if (match === null) continue;
  if (READ.has(match[2]))
    builder.add({
      concept: match[1],
      property: match[2],
      value: match[3] ?? JSON.parse(`"${match[4]}"`),
      language: (match[5] ?? '').toLowerCase(),
    });
  // skos:related is stated one way: the other end counts it too, as labels.rq reads it
  if (match[2] === `${SKOS}related` && match[3] !== undefined)
    builder.add({ concept: match[3], property: match[2], value: match[1], language: '' });
}
const index = new LabelIndex(builder.build());
const [scanModule, searchModule, suggestModule] = inLookup;
const scan = scanModule === undefined ? undefined : new scanModule.IndexScan(index);

// Queries made of the vocabulary's own words: the commonest word, a mid one, prefixes.
const page = { limit: 10, offset: 0 };
const asked = (endpoint, q, lang) => {
  if (ranking.RankQuery !== undefined) {
    const query = new ranking.RankQuery(endpoint, endpoint === 'search' ? patterns.searchTerms(q) : patterns.suggestTerms(q));
    if (scan !== undefined)
      return endpoint === 'search'
        ? () => searchModule.searchInIndex(scan, query, q, { lang }, lang ?? 'en', page)
        : () => suggestModule.suggestInIndex(scan, query, { lang }, lang ?? 'en', page);
    return endpoint === 'search'
      ? () => index.search(query, q, { lang }, lang ?? 'en', page)
      : () => index.suggest(query, { lang }, lang ?? 'en', page);
  }
  // the index before the ranking rules moved to the domain (for a comparison across commits)
  const terms = (endpoint === 'search' ? patterns.searchPatterns(q) : patterns.suggestPatterns(q)).terms;
  return endpoint === 'search' ? () => index.search(terms, q, { lang }, page) : () => index.suggest(terms, { lang }, page);
};
const QUERIES = [
  ['suggest', 'a'],
  ['suggest', 'ka'],
  ['suggest', 'kal'],
  ['suggest', 'kal mo'],
  ['suggest', 'k', 'de'],
  ['search', 'ka*'],
  ['search', 'k*'],
  ['search', 'b*'],
  ['search', 'a*'],
];
// words of the synthetic vocabulary, commonest first (its first labels hold them)
const words = new Map();
for (let i = 0; i < Math.min(2000, index.stats.concepts); i++) {
  for (const word of prefLabelOf(index, `http://example.org/synthetic/c${i + 1}`, 'en')
    .toLowerCase()
    .split(/\s+/))
    if (word !== '') words.set(word, (words.get(word) ?? 0) + 1);
}
const common = [...words.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
if (common.length > 0)
  QUERIES.push(['search', common[0]], ['search', common[Math.floor(common.length / 2)]], ['suggest', common[0].slice(0, 2)]);

const rows = [];
for (const [endpoint, q, lang] of QUERIES) {
  const run = asked(endpoint, q, lang);
  for (let i = 0; i < 5; i++) run();
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  rows.push({
    query: `${endpoint} ${q}${lang ? ` lang=${lang}` : ''}`,
    median_us: Math.round(times[Math.floor(times.length / 2)]),
    p95_us: Math.round(times[Math.floor(times.length * 0.95)]),
    results: run().length,
  });
}
console.table(rows);
