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
import { startTypist, wordsFromStore } from './lib/typist.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const endpoint = option('endpoint');
const graph = option('graph');
const typing = option('typing', 'on') === 'on';
const port = Number(option('port', 3901));
const extra = Object.fromEntries(argv.flatMap((arg, i) => (argv[i - 1] === '--env' ? [arg.split('=')] : [])));
if (endpoint === undefined) throw new Error('--endpoint is required');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const vocabularyWords = typing ? await wordsFromStore(endpoint, graph) : [];
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

let readyMs;
let typist;
for (;;) {
  await sleep(250);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ready`);
    await response.arrayBuffer();
    if (response.status === 200) {
      readyMs = Date.now() - started;
      break;
    }
    // the first answer: it listens, and the typist starts
    if (typing && typist === undefined) typist = startTypist(`http://127.0.0.1:${port}`, vocabularyWords);
  } catch {
    // not listening yet
  }
  if (child.exitCode !== null) throw new Error(`the service stopped:\n${log}`);
}
const rssAtReady = rssOf();
const keystrokes = typist === undefined ? { count: 0, statuses: {}, p50: 0, p95: 0, max: 0 } : await typist.stop();
clearInterval(sampler);
child.kill('SIGTERM');
const indexLine = log.split('\n').find((line) => line.includes('"label index: ') && /concepts/.test(line));
process.stdout.write(
  `${JSON.stringify({ readyMs, peakRssMb: Math.round(peakRss), rssAtReadyMb: Math.round(rssAtReady), keystrokes, log: indexLine === undefined ? undefined : JSON.parse(indexLine).msg })}\n`,
);
