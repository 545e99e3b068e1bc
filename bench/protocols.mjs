#!/usr/bin/env node
// npm run bench:protocols [-- --size 2000000] [-- --seconds 8] [-- --virtuoso-loaded]
//
// What the clients' protocols cost beside the native endpoints they stand on, in the same
// run, on a private Virtuoso holding the synthetic vocabulary of --size concepts (default
// 200,000; the 2-million run is the one that counts), the service on its default settings
// (label index on) with its response cache off, so that every answer is worked out:
//   - Skosmos' `/rest/v1/search?query=W*&maxhits=10` (cocoda-sdk's and Dataverse's type-ahead)
//     beside `/search?q=W*&count=10`, and `query=W` (a label equal to W) beside `/search?q=W`;
//   - the JSKOS API's `/jskos/concepts/suggest?search=K&limit=10` beside `/suggest?q=K`;
// each pair over the same words and keystrokes, each client asking a native request and the
// protocol's for the same input in turn (the order alternating), with 1 and 8 clients. Prints
// the table (p50, p95, and each p95's ratio to its native one), saves it as
// bench/results/protocols-N/ and writes BENCHMARKS.md's "Protocols at N concepts" from it.
// --virtuoso-loaded: the Virtuoso at VIRTUOSO_HTTP_PORT already holds the vocabulary. With
// INDEX_SNAPSHOT set, the service reads its index from that file when it is there (a 2-million
// build takes 4 minutes), as a replica would.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { STORES, storeCommand } from '../scripts/privateStores.mjs';
import { Agent, request } from 'undici';
import { summarise } from './lib/measure.mjs';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';
import { startProcess } from './lib/processes.mjs';
import { keystrokes, readVocabulary } from './lib/workloads.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const size = Number(option('size', 200000));
const seconds = Number(option('seconds', 8));
const loaded = argv.includes('--virtuoso-loaded');
const say = (text) => process.stderr.write(`bench:protocols: ${text}\n`);

const file = `tmp/bench/synthetic-${size}.nt.gz`;
if (!existsSync(file))
  execFileSync(process.execPath, ['bench/generate-vocabulary.mjs', '--concepts', String(size), '--out', file], { stdio: 'inherit' });
const { endpoint, graph, script } = STORES.virtuoso;
if (!loaded) {
  storeCommand(script, 'start');
  storeCommand(script, 'load', file);
}
const measured = measuredAt();
const began = Date.now();
const vocabulary = await readVocabulary(file);
const words = vocabulary.words.filter((_, i) => i % 7 === 0).slice(0, 400);
const typed = words.slice(0, 200).flatMap((word) => keystrokes(word).slice(0, 4));
const q = encodeURIComponent;

/** The pairs: a protocol's requests and the native requests they stand on, from the same inputs. */
const PAIRS = [
  {
    name: 'Skosmos search, prefix',
    protocol: words.map((word) => `/rest/v1/search?query=${q(word)}*&maxhits=10`),
    native: words.map((word) => `/search?q=${q(word)}*&count=10`),
  },
  {
    name: 'Skosmos search, equal label',
    protocol: words.map((word) => `/rest/v1/search?query=${q(word)}&maxhits=10`),
    native: words.map((word) => `/search?q=${q(word)}&count=10`),
  },
  {
    name: 'JSKOS suggest, keystrokes',
    protocol: typed.map((text) => `/jskos/concepts/suggest?search=${q(text)}&limit=10`),
    native: typed.map((text) => `/suggest?q=${q(text)}&count=10`),
  },
];

const service = await startProcess(
  'dist/server.js',
  { SPARQL_ENDPOINT: endpoint, SPARQL_GRAPH: graph, CACHE_MAX_ENTRIES: '0' },
  { ready: true },
);
say(`service ready after ${Math.round(service.readyMs / 1000)} s`);
const rows = [];
try {
  for (const pair of PAIRS) {
    for (const connections of [1, 8]) {
      const { native, protocol } = await interleaved(service.url, pair, connections, seconds);
      rows.push({ name: pair.name, connections, native, protocol, ratio: protocol.p95 / native.p95 });
      say(`${pair.name}, ${connections} clients: p95 ${ms(protocol.p95)} ms against ${ms(native.p95)} ms native`);
    }
  }
} finally {
  await service.stop();
  if (!loaded) storeCommand(script, 'stop');
}

const saved = saveResults(`protocols-${size}`, {
  measured,
  began,
  command: `npm run bench:protocols -- ${argv.join(' ')}`.trim(),
  setup:
    `A private Virtuoso with the synthetic ${size.toLocaleString('en')}-concept vocabulary, label index on, response cache off. ` +
    `Each row: ${seconds} seconds in which each client asks a native request and the protocol's for the same input in turn; p50 and p95 in ms; the ratio is the protocol's p95 over the native one's.`,
  tables: [
    {
      columns: ['pair', 'clients', 'native p50', 'native p95', 'protocol p50', 'protocol p95', 'p95 ratio'],
      align: ['', 'right', 'right', 'right', 'right', 'right', 'right'],
      rows: rows.map(({ name, connections, native, protocol, ratio }) => [
        name,
        connections,
        ms(native.p50),
        ms(native.p95),
        ms(protocol.p50),
        ms(protocol.p95),
        ratio.toFixed(2),
      ]),
    },
  ],
});
process.stderr.write(`bench:protocols: wrote ${saved}\n`);
writeBenchTables();

/**
 * The pair's two sides asked in turn by `connections` clients for `seconds`: each client sends
 * the native request and then the protocol's for the same input (or the other way round, every
 * other time), so that both meet the same machine at the same moment.
 */
async function interleaved(url, pair, connections, seconds) {
  const dispatcher = new Agent({ connections, pipelining: 1 });
  const latencies = { native: [], protocol: [] };
  let next = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const ask = async (side, path) => {
    const began = performance.now();
    const response = await request(new URL(path, url), { dispatcher });
    await response.body.arrayBuffer();
    if (response.statusCode === 200) latencies[side].push(performance.now() - began);
    else failed++;
  };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const i = next++;
        const k = i % pair.native.length;
        const order = i % 2 === 0 ? ['native', 'protocol'] : ['protocol', 'native'];
        for (const side of order) await ask(side, pair[side][k]);
      }
    }),
  );
  await dispatcher.close();
  if (failed > 0) throw new Error(`${pair.name}: ${failed} requests failed`);
  return { native: summarise(latencies.native, seconds), protocol: summarise(latencies.protocol, seconds) };
}

function ms(value) {
  return value.toFixed(2);
}
