#!/usr/bin/env node
// npm run bench:neighbour [-- --concepts 200000] [-- --seconds 30] [-- --workers 0,1,2]
//   [-- --endpoint URL --graph IRI] [-- --snapshot FILE] [-- --file FILE]
//
// One client sends the heaviest legal requests back to back: /search for the vocabulary's
// commonest words with count=100, reconciliation batches of 10 misspelt names with a
// property, data extensions over 100 ids in two languages. Another types two keystrokes a
// second (/suggest). Measured for each INDEX_WORKERS setting in one run (0: all the work on
// the thread that answers HTTP, as before the worker pool): the typist's /suggest p50, p95
// and max alone and beside the neighbour, the event loop's delay (p99 and max, from
// /metrics) meanwhile, the neighbour's answers a second; then answers a second of /search
// for the 50 commonest words (count=100) and of /suggest keystrokes with 8 clients (uncached),
// and the peak RSS. The service runs with its
// result cache off. On the embedded store with a synthetic vocabulary, or on the store at
// --endpoint that holds it (--graph).
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { cycle, measure, percentile } from './lib/measure.mjs';
import { startProcess } from './lib/processes.mjs';
import { keystrokes } from './lib/workloads.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const concepts = Number(option('concepts', 200000));
const seconds = Number(option('seconds', 30));
const workerCounts = option('workers', '0,1,2').split(',').map(Number);
const endpoint = option('endpoint', undefined);
const graph = option('graph', undefined);
// --snapshot FILE: INDEX_SNAPSHOT for every start (the first builds and writes it, the rest read it)
const snapshot = option('snapshot', undefined);
const say = (text) => process.stderr.write(`neighbour: ${text}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --file FILE: the vocabulary's N-Triples (the store at --endpoint holds it), instead of the generator's default shape
const file = option('file', `tmp/bench/synthetic-${concepts}.nt.gz`);
if (!existsSync(file))
  execFileSync(process.execPath, ['bench/generate-vocabulary.mjs', '--concepts', String(concepts), '--out', file], { stdio: 'inherit' });

// the vocabulary's concepts and its words by how many prefLabels hold them
const uris = [];
const counts = new Map();
{
  let input = createReadStream(file);
  if (file.endsWith('.gz')) input = input.pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    // English prefLabels, or those without a language (as an authority file's names are)
    const label = /^<([^>]+)> <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#prefLabel> "([^"]*)"(?:@en)? \.$/.exec(line);
    if (label === null) continue;
    if (uris.length < 20000) uris.push(label[1]);
    for (const word of label[2].toLowerCase().match(/\p{L}{3,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
}
const byCount = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
const commonest = byCount.slice(0, 50);
const words = byCount.filter((_, i) => i % 7 === 3).slice(0, 2000);
// a typo: a letter doubled in the middle of each word
const misspelt = (text) => text.replace(/\p{L}{5,}/gu, (word) => word.slice(0, 3) + word[2] + word.slice(3));
const names = byCount.slice(100, 2100).map((word, i) => misspelt(`${word} ${byCount[(i * 37) % 1000]}`));

const heavyRequests = () =>
  cycle([
    ...commonest.map((word) => ({ path: `/search?q=${encodeURIComponent(word)}&count=100` })),
    ...Array.from({ length: 50 }, (_, b) => {
      const batch = Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [
          `q${i}`,
          { query: names[(b * 10 + i) % names.length], properties: [{ pid: 'altLabels', v: names[i] }] },
        ]),
      );
      return { path: '/reconcile', method: 'POST', body: new URLSearchParams({ queries: JSON.stringify(batch) }).toString() };
    }),
    ...Array.from({ length: 20 }, (_, b) => {
      const extend = {
        ids: uris.slice(b * 100, b * 100 + 100),
        properties: [{ id: 'prefLabel', settings: { lang: 'en' } }, { id: 'prefLabel', settings: { lang: 'de' } }, { id: 'broader' }],
      };
      return { path: '/reconcile', method: 'POST', body: new URLSearchParams({ extend: JSON.stringify(extend) }).toString() };
    }),
  ]);
const typing = cycle(words.slice(0, 500).flatMap((word) => keystrokes(word).map((q) => `/suggest?q=${encodeURIComponent(q)}`)));

/** Two keystrokes a second for `seconds`: each one's latency in ms (a refused or failed one counts as its time too). */
async function typist(url) {
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(url + typing());
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleep(Math.max(0, 500 - (performance.now() - started)));
  }
  return latencies.sort((a, b) => a - b);
}

/** The neighbour: one heavy request after another until `stop()`; how many were answered, and how many were not 200. */
function neighbour(url) {
  const heavy = heavyRequests(); // each row the same requests in the same order
  let running = true;
  let answered = 0;
  let refused = 0;
  const started = performance.now();
  const done = (async () => {
    while (running) {
      const { path, method = 'GET', body } = heavy();
      const response = await fetch(url + path, {
        method,
        body,
        headers: body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await response.arrayBuffer();
      if (response.status === 200) answered++;
      else refused++;
    }
  })();
  return async () => {
    running = false;
    await done;
    return { perSecond: answered / ((performance.now() - started) / 1000), refused };
  };
}

async function eventLoopDelay(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (quantile) =>
    1000 * Number(new RegExp(`skos_lookup_event_loop_delay_seconds\\{quantile="${quantile}"\\} ([0-9.e+-]+)`).exec(text)?.[1]);
  return { p99: read('0.99'), max: read('1') };
}

/**
 * From "listening" to /ready's 200: /health asked every 100 ms, each answer's time; the
 * /ready messages seen (the load's progress, then the build's).
 */
async function healthWhileLoading(env) {
  const service = await startProcess('dist/server.js', env);
  const times = [];
  const messages = [];
  const started = performance.now();
  for (;;) {
    const asked = performance.now();
    await (await fetch(`${service.url}/health`)).arrayBuffer();
    times.push(performance.now() - asked);
    const ready = await fetch(`${service.url}/ready`);
    const body = await ready.json();
    if (ready.status === 200) break;
    if (messages.length === 0 || messages.at(-1).replace(/\d+/g, '') !== body.message.replace(/\d+/g, '')) messages.push(body.message);
    await sleep(100);
  }
  const readySeconds = (performance.now() - started) / 1000;
  await service.stop();
  times.sort((a, b) => a - b);
  return { asked: times.length, p99: percentile(times, 99), max: times.at(-1), readySeconds, messages };
}

const storeEnv = {
  ...(endpoint === undefined
    ? { DATA_FILES: file }
    : { SPARQL_ENDPOINT: endpoint, ...(graph === undefined ? {} : { SPARQL_GRAPH: graph }) }),
  ...(snapshot === undefined ? {} : { INDEX_SNAPSHOT: snapshot }),
  SPARQL_TIMEOUT_MS: '120000',
};
// --skip-start: the rows only (the snapshot already written, say)
if (!argv.includes('--skip-start')) say(`the start: ${JSON.stringify(await healthWhileLoading(storeEnv))}`);

const rows = [];
for (const workers of workerCounts) {
  const env = {
    ...storeEnv,
    INDEX_WORKERS: String(workers),
    CACHE_MAX_ENTRIES: '0',
  };
  say(`INDEX_WORKERS=${workers}: starting`);
  const service = await startProcess('dist/server.js', env, { ready: true });
  await typist(service.url); // warm: the first reconciliation builds each thread's word suffixes
  const alone = await typist(service.url);
  await eventLoopDelay(service.url); // a scrape starts the window
  const stop = neighbour(service.url);
  const beside = await typist(service.url);
  const delay = await eventLoopDelay(service.url);
  const heavyRate = await stop();
  // what the pool is for: /search for the commonest words (each ranks thousands of labels), and keystrokes
  const rowSeconds = Math.min(seconds, 15);
  const commonSearches = cycle(commonest.map((word) => `/search?q=${encodeURIComponent(word)}&count=100`));
  const search = await measure({ url: service.url, next: commonSearches, connections: 8, seconds: rowSeconds });
  const suggest = await measure({ url: service.url, next: typing, connections: 8, seconds: rowSeconds });
  const memory = service.memory();
  await service.stop();
  const row = {
    workers,
    alone: { p50: percentile(alone, 50), p95: percentile(alone, 95), max: alone.at(-1) },
    beside: { p50: percentile(beside, 50), p95: percentile(beside, 95), max: beside.at(-1) },
    delay,
    neighbourPerSecond: heavyRate.perSecond,
    neighbourRefused: heavyRate.refused,
    searchPerSecond: search.rps,
    suggestPerSecond: suggest.rps,
    peakRssMb: memory.peak,
  };
  say(JSON.stringify(row));
  rows.push(row);
}

const ms = (n) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '-');
const lines = [
  `Noisy neighbour, ${concepts} concepts (${endpoint === undefined ? 'embedded store' : endpoint}), ${seconds} s a row, result cache off:`,
  '',
  '| INDEX_WORKERS | typist alone p50 / p95 / max | typist beside the neighbour p50 / p95 / max | event loop delay p99 / max | neighbour answers/s | /search answers/s, commonest words, count=100 (8 clients) | /suggest answers/s (8 clients) | peak RSS |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.workers} | ${ms(r.alone.p50)} / ${ms(r.alone.p95)} / ${ms(r.alone.max)} ms | ${ms(r.beside.p50)} / ${ms(r.beside.p95)} / ${ms(r.beside.max)} ms | ${ms(r.delay.p99)} / ${ms(r.delay.max)} ms | ${r.neighbourPerSecond.toFixed(1)}${r.neighbourRefused > 0 ? ` (${r.neighbourRefused} not 200)` : ''} | ${r.searchPerSecond.toFixed(0)} | ${r.suggestPerSecond.toFixed(0)} | ${r.peakRssMb} MB |`,
  ),
];
console.log(lines.join('\n'));
