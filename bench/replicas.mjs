#!/usr/bin/env node
// npm run bench:replicas [-- --concepts 200000] [-- --seconds 20] [-- --clients 6] [-- --rate 30] [-- --virtuoso-loaded]
//
// Three replicas of the service behind HAProxy (deploy/haproxy/haproxy.cfg, as written), each
// started from one shared index snapshot, on a private Virtuoso holding a synthetic vocabulary
// (bench/generate-vocabulary.mjs), under a steady load of the seed's mix through HAProxy:
// /get of 1 and 10 concepts, a search paged (page 1, then page 2 of the same words), a word
// typed letter by letter into /suggest, and reconciliation batches of 10 names (POST), at
// `--rate` of those a second in all (steady, below what the machine can answer: a load that
// saturates both cores measures the machine, not the events). Then,
// with the load going on:
//
//   (a) one replica killed with SIGKILL, and started again at once (as a process manager does);
//   (b) all three restarted one after another: SIGTERM, the drain, the new process ready from
//       the snapshot, then the next;
//   (c) the vocabulary changed in the store (a concept added with SPARQL UPDATE): each replica
//       sees it at its next change check (LABEL_INDEX_REFRESH_SECONDS=10 here) and builds its
//       index again; the time from the change to each replica answering from it.
//
// For each: requests and failed requests (any status but 200, or no answer), p99 during the
// event against the steady phase before it, the seconds a restarted replica took to be ready,
// and the paged searches whose two pages came from two index versions (each ETag carries the
// version of the index that made it). Prints a table and one line `bench: replicas ...`;
// timings are never checked (no pass/fail).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { STORES, storeCommand } from '../scripts/privateStores.mjs';
import { startProcess } from './lib/processes.mjs';
import { percentile } from './lib/measure.mjs';
import { markdownTable, measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';
import { readVocabulary } from './lib/workloads.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(argv[i + 1]);
};
const concepts = option('concepts', 200_000);
const seconds = option('seconds', 20);
const clients = option('clients', 6);
const rate = option('rate', 30);
const say = (line) => process.stderr.write(`replicas: ${line}\n`);
const measured = measuredAt();
const runBegan = Date.now();

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

// ---- the store and the snapshot ----------------------------------------------------------
const file = `tmp/bench/synthetic-${concepts}.nt.gz`;
if (!existsSync(resolve(root, file))) {
  say(`generating ${file}`);
  execFileSync(process.execPath, ['bench/generate-vocabulary.mjs', '--concepts', String(concepts), '--out', file], {
    cwd: root,
    stdio: 'inherit',
  });
}
const { virtuoso } = STORES;
if (!argv.includes('--virtuoso-loaded')) {
  say(`starting Virtuoso and loading ${file}`);
  storeCommand(virtuoso.script, 'start');
  storeCommand(virtuoso.script, 'load', file);
}
const vocabulary = await readVocabulary(resolve(root, file));
const work = resolve(root, 'tmp/replicas');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const snapshot = `${work}/index.bin`;
const storeEnv = {
  SPARQL_ENDPOINT: virtuoso.endpoint,
  SPARQL_GRAPH: virtuoso.graph,
  SPARQL_DIALECT: 'virtuoso',
  INDEX_SNAPSHOT: snapshot,
  LABEL_INDEX_REFRESH_SECONDS: '10',
  LOG_LEVEL: 'info',
};
say('building the shared snapshot');
let began = performance.now();
execFileSync(process.execPath, ['dist/server.js', 'snapshot', snapshot], {
  cwd: root,
  env: { ...process.env, ...storeEnv, MALLOC_MMAP_THRESHOLD_: '131072' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
say(`snapshot written in ${((performance.now() - began) / 1000).toFixed(1)} s`);

// ---- three replicas and HAProxy ----------------------------------------------------------
const replicas = [];
for (let i = 0; i < 3; i++) replicas.push({ name: `r${i + 1}`, port: await freePort() });
async function startReplica(replica) {
  const started = await startProcess(
    'dist/server.js',
    { ...storeEnv, PORT: String(replica.port), HOST: '127.0.0.1' },
    { ready: true, timeoutSeconds: 300 },
  );
  replica.process = started;
  replica.child = started.child;
  return started.readyMs / 1000;
}
for (const replica of replicas) await startReplica(replica);
const lbPort = await freePort();
const haproxy = spawn('haproxy', ['-db', '-f', 'deploy/haproxy/haproxy.cfg'], {
  cwd: root,
  env: {
    ...process.env,
    LISTEN: `127.0.0.1:${lbPort}`,
    ...Object.fromEntries(replicas.map((r, i) => [`REPLICA${i + 1}`, `127.0.0.1:${r.port}`])),
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let haproxyLog = '';
haproxy.stderr.on('data', (chunk) => (haproxyLog += chunk));
const lb = `http://127.0.0.1:${lbPort}`;
for (let tries = 0; ; tries++) {
  const ok = await fetch(`${lb}/ready`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (tries > 100) throw new Error(`HAProxy does not answer: ${haproxyLog}`);
  await sleep(100);
}
say(`three replicas ready from the snapshot; HAProxy at ${lb}`);

// ---- the load ----------------------------------------------------------------------------
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: clients * 2 });
/** Every answer: when (ms since the start), how long, its status ('error' when none came), its kind. */
const answers = [];
/** Every paged search: the index versions of its two pages. */
const pagings = [];
const t0 = performance.now();
const pick = (list, i) => list[i % list.length];
const versionOf = (etag) => /^(?:W\/)?"([^.]+)\./.exec(etag ?? '')?.[1];
async function ask(kind, path, init = {}) {
  const at = performance.now() - t0;
  try {
    const response = await request(lb + path, { dispatcher, headersTimeout: 30_000, bodyTimeout: 30_000, ...init });
    await response.body.arrayBuffer();
    answers.push({ at, ms: performance.now() - t0 - at, status: response.statusCode, kind });
    return { status: response.statusCode, version: versionOf(response.headers.etag) };
  } catch (error) {
    answers.push({ at, ms: performance.now() - t0 - at, status: 'error', kind, error: error.code ?? error.message });
    return { status: 'error' };
  }
}
let running = true;
const words = vocabulary.words.filter((word) => word.length >= 4);
const loops = Array.from({ length: clients }, async (_, client) => {
  // each client starts one action every clients / rate seconds, or at once when it is late
  let next = performance.now() + (client * 1000) / rate;
  for (let n = client * 7919; running; n++) {
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    next = Math.max(next + (clients * 1000) / rate, performance.now() - 1000);
    const choice = n % 10;
    if (choice < 3) {
      const word = pick(words, n * 31);
      for (let letters = 1; letters <= Math.min(5, word.length); letters++)
        await ask('suggest', `/suggest?q=${encodeURIComponent(word.slice(0, letters))}`);
    } else if (choice < 5) {
      const count = choice === 3 ? 1 : 10;
      const uris = Array.from({ length: count }, (_, i) => pick(vocabulary.uris, n * 13 + i * 101));
      await ask('get', `/get?${uris.map((uri) => `uri=${encodeURIComponent(uri)}`).join('&')}`);
    } else if (choice < 8) {
      const q = encodeURIComponent(`${pick(words, n * 17)} ${pick(words, n * 19).slice(0, 3)}`.trim().split(' ')[0]);
      const first = await ask('search', `/search?q=${q}&count=10&page=1`);
      const second = await ask('search', `/search?q=${q}&count=10&page=2`);
      if (first.version !== undefined && second.version !== undefined)
        pagings.push({ at: performance.now() - t0, mixed: first.version !== second.version });
    } else {
      const queries = Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`q${i}`, { query: `${pick(words, n * 23 + i)} ${pick(words, n * 29 + i)}` }]),
      );
      await ask('reconcile', '/reconcile', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `queries=${encodeURIComponent(JSON.stringify(queries))}`,
      });
    }
  }
});

// ---- the events --------------------------------------------------------------------------
const events = [];
const mark = () => performance.now() - t0;
const stopReplica = async (replica, signal) => {
  const exited = new Promise((done) => replica.child.once('exit', (code, sig) => done({ code, sig })));
  replica.child.kill(signal);
  return exited;
};
await sleep(seconds * 1000);
events.push({ name: 'steady', from: 0, to: mark() });

say('(a) one replica killed with SIGKILL, started again at once');
let from = mark();
await stopReplica(replicas[1], 'SIGKILL');
const killedReady = await startReplica(replicas[1]);
await sleep(seconds * 1000);
events.push({ name: '(a) one replica killed (SIGKILL) and started again', from, to: mark(), readySeconds: [killedReady] });

say('(b) all three restarted one after another (SIGTERM, drain, ready from the snapshot)');
from = mark();
const rolling = [];
for (const replica of replicas) {
  const { code } = await stopReplica(replica, 'SIGTERM');
  if (code !== 0) say(`${replica.name} exited with ${code} on SIGTERM`);
  rolling.push(await startReplica(replica));
  await sleep(3000); // HAProxy's rise: 2 checks a second apart
}
await sleep(seconds * 1000);
events.push({ name: '(b) all three restarted one after another (SIGTERM)', from, to: mark(), readySeconds: rolling });

say('(c) the vocabulary changed in the store');
from = mark();
const label = `Zyxwvut replicas ${Date.now().toString(36)}`;
const iri = `http://example.org/replicas/${Date.now().toString(36)}`;
execFileSync(
  'isql-vt',
  [
    `127.0.0.1:${process.env.VIRTUOSO_ISQL_PORT ?? 11111}`,
    'dba',
    'dba',
    `exec=SPARQL INSERT DATA { GRAPH <${virtuoso.graph}> { <${iri}> a <http://www.w3.org/2004/02/skos/core#Concept> ; <http://www.w3.org/2004/02/skos/core#prefLabel> "${label}"@en } }`,
  ],
  { stdio: 'ignore' },
);
const changed = performance.now();
const seenAfter = await Promise.all(
  replicas.map(async (replica) => {
    for (;;) {
      const response = await fetch(`http://127.0.0.1:${replica.port}/search?q=${encodeURIComponent(label)}`).catch(() => undefined);
      const body = response === undefined ? '' : await response.text();
      if (body.includes(iri)) return (performance.now() - changed) / 1000;
      if (performance.now() - changed > 300_000) return NaN;
      await sleep(250);
    }
  }),
);
await sleep(seconds * 1000);
events.push({ name: '(c) the vocabulary changed in the store', from, to: mark(), seenAfter });

running = false;
await Promise.all(loops);
for (const replica of replicas) await stopReplica(replica, 'SIGTERM');
haproxy.kill('SIGTERM');
if (!argv.includes('--virtuoso-loaded')) storeCommand(virtuoso.script, 'stop');

// ---- the table ---------------------------------------------------------------------------
const within = (event) => answers.filter((answer) => answer.at >= event.from && answer.at < event.to);
const p = (list, q) =>
  percentile(
    list.map((answer) => answer.ms).sort((a, b) => a - b),
    q,
  );
const steady = within(events[0]);
const rows = events.map((event) => {
  const list = within(event);
  const failed = list.filter((answer) => answer.status !== 200);
  const mixed = pagings.filter((paging) => paging.at >= event.from && paging.at < event.to && paging.mixed).length;
  return { event, list, failed, mixed };
});
const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a');
const table = {
  columns: ['event', 'requests', 'failed', 'p99', 'p99 steady', 'ready after restart', 'paged searches mixed'],
  rows: rows.map(({ event, list, failed, mixed }) => [
    event.name,
    list.length.toLocaleString('en'),
    failed.length,
    fmt(p(list, 99)),
    fmt(p(steady, 99)),
    event.readySeconds?.map((s) => `${s.toFixed(1)} s`).join(', ') ??
      (event.seenAfter ? `every replica on the new index after ${event.seenAfter.map((s) => `${s.toFixed(1)} s`).join(', ')}` : ''),
    `${mixed} of ${pagings.filter((paging) => paging.at >= event.from && paging.at < event.to).length}`,
  ]),
};
console.log(markdownTable(table));
const saved = saveResults('replicas', {
  measured,
  began: runBegan,
  command: `npm run bench:replicas${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  setup: `Three replicas behind HAProxy ${execFileSync('haproxy', ['-v']).toString().split(' ')[2]}, ${concepts.toLocaleString('en')} concepts on Virtuoso, ${clients} clients starting ${rate} actions a second in all, ${seconds} s after each event.`,
  tables: [table],
});
say(`wrote ${saved}`);
writeBenchTables();
for (const { event, failed } of rows)
  if (failed.length > 0)
    say(
      `${event.name}: failed ${JSON.stringify(Object.entries(Object.groupBy(failed, (f) => `${f.kind} ${f.status} ${f.error ?? ''}`.trim())).map(([k, v]) => [k, v.length]))}`,
    );
console.log(
  `bench: replicas requests=${answers.length} failed=${answers.filter((a) => a.status !== 200).length} mixed_pages=${pagings.filter((x) => x.mixed).length} change_seen_s=${seenAfter.map((s) => s.toFixed(1)).join(',')}`,
);
process.exit(0);
