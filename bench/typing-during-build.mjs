#!/usr/bin/env node
// node bench/typing-during-build.mjs --endpoint URL --graph IRI [--typing on|off] [--env NAME=VALUE ...]
//
// Starts the built service (dist/) on a store that already holds a vocabulary, as a new user
// would, and measures its first build of the label index: the time until /ready answers 200,
// the peak RSS of the process (sampled every 200 ms, and as the system kept it), and, with
// --typing on, a client typing two keystrokes a second from the first second: each keystroke
// is a /suggest for the next prefix of a word taken from the vocabulary's labels. Prints one
// JSON line: { readyMs, peakRssMb, rssAtReadyMb, keystrokes: { count, statuses, p50, p95, max },
// log: the service's label index line }. Timings go to BENCHMARKS.md, never into a test.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const endpoint = option('endpoint');
const graph = option('graph');
const typing = option('typing', 'on') === 'on';
const port = Number(option('port', 3901));
const extra = Object.fromEntries(argv.flatMap((arg, i) => (argv[i - 1] === '--env' ? [arg.split('=')] : [])));
if (endpoint === undefined) throw new Error('--endpoint is required');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** Words to type: those of a few hundred labels, from the store itself. */
async function words() {
  const query = 'SELECT ?label WHERE { ?c <http://www.w3.org/2004/02/skos/core#prefLabel> ?label } LIMIT 300';
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' },
    body: new URLSearchParams({ query, ...(graph ? { 'default-graph-uri': graph } : {}) }),
  });
  const labels = (await response.json()).results.bindings.map((row) => row.label.value);
  return labels.flatMap((label) => label.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
}

const vocabularyWords = typing ? await words() : [];
const started = Date.now();
const child = spawn(process.execPath, ['dist/server.js'], {
  env: {
    ...process.env,
    MALLOC_MMAP_THRESHOLD_: '131072', // as `npm start` and the container set it (src/memoryAdvice.ts)
    PORT: String(port),
    SPARQL_ENDPOINT: endpoint,
    ...(graph ? { SPARQL_GRAPH: graph } : {}),
    SPARQL_TIMEOUT_MS: '120000',
    LOG_LEVEL: 'info',
    ...extra,
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let log = '';
child.stderr.on('data', (chunk) => (log += chunk));
let peakRss = 0;
const rssOf = () => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf())), 200);

const keystrokes = [];
let ready = false;
async function type() {
  let word = 0;
  while (!ready) {
    const text = vocabularyWords[word++ % vocabularyWords.length];
    for (let length = 1; length <= text.length && !ready; length++) {
      const sent = Date.now();
      const next = sleep(500); // two keystrokes a second, whatever the answer takes
      try {
        const response = await fetch(`http://127.0.0.1:${port}/suggest?q=${encodeURIComponent(text.slice(0, length))}`, {
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        keystrokes.push({ status: response.status, ms: Date.now() - sent, during: !ready });
      } catch (error) {
        keystrokes.push({ status: error.name === 'TimeoutError' ? 'timeout' : 'refused', ms: Date.now() - sent, during: !ready });
      }
      await next;
    }
  }
}

let readyMs;
const typist = typing ? type() : Promise.resolve();
for (;;) {
  await sleep(250);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ready`);
    await response.arrayBuffer();
    if (response.status === 200) {
      readyMs = Date.now() - started;
      break;
    }
  } catch {
    // not listening yet
  }
  if (child.exitCode !== null) throw new Error(`the service stopped:\n${log}`);
}
ready = true;
const rssAtReady = rssOf();
await typist;
clearInterval(sampler);
child.kill('SIGTERM');
const during = keystrokes.filter((k) => k.during);
const statuses = {};
for (const k of during) statuses[k.status] = (statuses[k.status] ?? 0) + 1;
const ms = during.map((k) => k.ms);
const indexLine = log.split('\n').find((line) => line.includes('"label index: ') && /concepts/.test(line));
process.stdout.write(
  `${JSON.stringify({ readyMs, peakRssMb: Math.round(peakRss), rssAtReadyMb: Math.round(rssAtReady), keystrokes: { count: during.length, statuses, p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(0, ...ms) }, log: indexLine === undefined ? undefined : JSON.parse(indexLine).msg })}\n`,
);
