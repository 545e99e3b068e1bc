#!/usr/bin/env node
// npm run bench:shapes
//
// A /health probe every 200 ms through each hostile shape of RELIABILITY.md, the service
// started as `npm start` starts it (dist/server.js, MALLOC_MMAP_THRESHOLD_ set) on the embedded
// store: how long the process that answers everyone keeps a bystander waiting while one client
// (or a crowd) does its worst. Each probe asks on a connection of its own, from a process of
// its own (bench/lib/healthProbe.mjs). Prints one row a
// shape: the shape's requests and what they got, then the probes' count, p50, p99 and worst
// (ms); saves them as bench/results/shapes/ and writes RELIABILITY.md's table from them.
//   - a /get of 100 broad concepts with fields=narrower (2,000 children each) asked again and
//     again, beside ten clients searching (label index on);
//   - 150 store-path /search at once (LABEL_INDEX=off, 2 in flight, 20 waiting, 1.5 s limit);
//   - 80 half-sent requests held against MAX_CONNECTIONS=100;
//   - store-path /narrower of a concept with 20,000 children, page after page;
//   - store-path /top of a scheme with 50,000 top concepts, pages 1 to 5, then four clients at
//     once on four more, and /schemes of 3,001 schemes, twice;
//   - store-path /top of 50,000 top concepts labelled in six languages, the first page in
//     each language, and /top without scheme among two schemes (a 400);
//   - 60, then 300, clients that each ask for a /get of 100 broad concepts with
//     fields=narrower in a language of its own (nothing shared) and never read, held 40 s,
//     while one client searches every second: the service's RSS at rest, at its peak and at
//     the end of the hold, and how the client that reads was answered.
// Files are generated under tmp/bench/shapes/. Figures, not pass/fail: this machine is shared.
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { request } from 'undici';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';
import { percentile } from './lib/measure.mjs';
import { startProcess } from './lib/processes.mjs';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const DIR = 'tmp/bench/shapes';
const say = (text) => process.stderr.write(`bench:shapes: ${text}\n`);
const measured = measuredAt();
const began = Date.now();
mkdirSync(DIR, { recursive: true });

/** Writes `file` from `lines()` once. */
function generated(name, lines) {
  const file = `${DIR}/${name}`;
  if (!existsSync(file)) writeFileSync(file, `${lines().join('\n')}\n`);
  return file;
}

const broadFile = generated('broad.nt', () => {
  const lines = [];
  for (let b = 0; b < 100; b++) {
    lines.push(
      `<http://example.org/b${b}> <${TYPE}> <${SKOS}Concept> .`,
      `<http://example.org/b${b}> <${SKOS}prefLabel> "Broad ${b}"@en .`,
    );
    for (let c = 0; c < 2000; c++) {
      const child = `<http://example.org/b${b}/c${c}>`;
      lines.push(
        `${child} <${TYPE}> <${SKOS}Concept> .`,
        `${child} <${SKOS}prefLabel> "Child ${c} of broad ${b} word${c % 50}"@en .`,
        `${child} <${SKOS}broader> <http://example.org/b${b}> .`,
      );
    }
  }
  return lines;
});
const manyFile = generated('many.nt', () =>
  Array.from({ length: 30_000 }, (_, i) => [
    `<http://example.org/c${i}> <${TYPE}> <${SKOS}Concept> .`,
    `<http://example.org/c${i}> <${SKOS}prefLabel> "Label ${i} of many words ${i % 97}"@en .`,
  ]).flat(),
);
const wideFile = generated('wide.nt', () => [
  `<http://example.org/root> <${TYPE}> <${SKOS}Concept> .`,
  `<http://example.org/root> <${SKOS}prefLabel> "Root"@en .`,
  ...Array.from({ length: 20_000 }, (_, i) => [
    `<http://example.org/w${i}> <${TYPE}> <${SKOS}Concept> .`,
    `<http://example.org/w${i}> <${SKOS}prefLabel> "Child ${i} of root"@en .`,
    `<http://example.org/w${i}> <${SKOS}broader> <http://example.org/root> .`,
  ]).flat(),
]);
const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl'];
const sixLanguagesFile = generated('six-languages.nt', () => [
  `<http://example.org/s> <${TYPE}> <${SKOS}ConceptScheme> .`,
  `<http://example.org/s2> <${TYPE}> <${SKOS}ConceptScheme> .`,
  ...Array.from({ length: 50_000 }, (_, i) => [
    `<http://example.org/t${i}> <${TYPE}> <${SKOS}Concept> .`,
    `<http://example.org/t${i}> <${SKOS}topConceptOf> <http://example.org/s> .`,
    ...LANGUAGES.map((lang) => `<http://example.org/t${i}> <${SKOS}prefLabel> "Top ${lang} ${i}"@${lang} .`),
  ]).flat(),
]);
const listsFile = generated('lists.nt', () => [
  `<http://example.org/s> <${TYPE}> <${SKOS}ConceptScheme> .`,
  `<http://example.org/s> <${SKOS}prefLabel> "S"@en .`,
  ...Array.from({ length: 50_000 }, (_, i) => [
    `<http://example.org/t${i}> <${TYPE}> <${SKOS}Concept> .`,
    `<http://example.org/t${i}> <${SKOS}prefLabel> "Top ${i}"@en .`,
    `<http://example.org/t${i}> <${SKOS}topConceptOf> <http://example.org/s> .`,
  ]).flat(),
  ...Array.from({ length: 3_000 }, (_, i) => [
    `<http://example.org/x${i}> <${TYPE}> <${SKOS}ConceptScheme> .`,
    `<http://example.org/x${i}> <${SKOS}prefLabel> "Scheme ${i}"@en .`,
  ]).flat(),
]);

/** Starts the probe (lib/healthProbe.mjs, a process of its own); stopping it gives its latencies in ms (a failure: Infinity). */
function probe(url) {
  const child = spawn(process.execPath, ['bench/lib/healthProbe.mjs', url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return async () => {
    child.kill('SIGTERM');
    await once(child, 'exit');
    return JSON.parse(out).map((ms) => ms ?? Infinity);
  };
}

/** GETs `path` and counts the status. */
async function count(url, path, statuses) {
  try {
    const response = await request(`${url}${path}`);
    await response.body.text();
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  } catch {
    statuses.failed = (statuses.failed ?? 0) + 1;
  }
}

/**
 * `clients` raw connections, each sending a /get of the 100 broad concepts with `fields=narrower`
 * in a language of its own and never reading; held `holdMs` while one client searches every
 * second. Counts what the searching client got, what the paused ones were sent (their status
 * lines, read once the hold is over) and how many of them the service closed.
 */
async function pausedReaders(url, clients, holdMs) {
  const { port } = new URL(url);
  const broad = Array.from({ length: 100 }, (_, b) => `uri=${encodeURIComponent(`http://example.org/b${b}`)}`).join('&');
  const statuses = {};
  const sockets = [];
  let closed = 0;
  for (let i = 0; i < clients; i++) {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    socket.pause();
    socket.on('close', () => closed++);
    socket.write(`GET /get?${broad}&fields=narrower&lang=en-x-p${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    sockets.push(socket);
  }
  const until = performance.now() + holdMs;
  for (let i = 0; performance.now() < until; i++) {
    await count(url, `/search?q=word${i % 50}`, statuses);
    await sleep(1000);
  }
  statuses['paused clients closed by the service'] = closed;
  // what each paused client had been sent: the status line, read now
  const sent = {};
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          let head = '';
          let settled = false;
          const done = () => {
            if (settled) return;
            settled = true;
            const status = /^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 'nothing';
            sent[status] = (sent[status] ?? 0) + 1;
            socket.destroy();
            resolve();
          };
          socket.on('data', (chunk) => {
            head += chunk.toString('latin1', 0, 20);
            if (head.length >= 12) done();
          });
          socket.on('close', done);
          setTimeout(done, 2000);
          socket.resume();
        }),
    ),
  );
  for (const [status, n] of Object.entries(sent)) statuses[`${status} to a paused client`] = n;
  return statuses;
}

const SHAPES = [
  {
    name: 'a /get of 100 broad concepts with `fields=narrower`, beside 10 clients searching',
    env: { DATA_FILES: broadFile },
    async run(url) {
      const statuses = {};
      const until = performance.now() + 10_000;
      const broad = Array.from({ length: 100 }, (_, b) => `uri=${encodeURIComponent(`http://example.org/b${b}`)}`).join('&');
      const heavy = (async () => {
        while (performance.now() < until) await count(url, `/get?${broad}&fields=narrower`, statuses);
      })();
      const searches = Array.from({ length: 10 }, async (_, client) => {
        for (let i = 0; performance.now() < until; i++) await count(url, `/search?q=word${(client * 7 + i) % 50}`, statuses);
      });
      await Promise.all([heavy, ...searches]);
      return statuses;
    },
  },
  {
    name: '150 store-path `/search` at once (2 in flight, 20 waiting, 1.5 s limit)',
    env: { DATA_FILES: manyFile, LABEL_INDEX: 'off', SPARQL_MAX_CONCURRENCY: '2', SPARQL_QUEUE_LIMIT: '20', SPARQL_TIMEOUT_MS: '1500' },
    async run(url) {
      const statuses = {};
      await Promise.all(Array.from({ length: 150 }, (_, i) => count(url, `/search?q=${encodeURIComponent(`words ${i}`)}`, statuses)));
      return statuses;
    },
  },
  {
    name: '80 half-sent requests held 5 s (`MAX_CONNECTIONS=100`)',
    env: { MAX_CONNECTIONS: '100' },
    async run(url) {
      const { port } = new URL(url);
      const sockets = await Promise.all(
        Array.from({ length: 80 }, async () => {
          const socket = connect(Number(port), '127.0.0.1');
          socket.on('error', () => {});
          await once(socket, 'connect');
          socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
          return socket;
        }),
      );
      await sleep(5000);
      for (const socket of sockets) socket.destroy();
      return { 'held connections': sockets.length };
    },
  },
  {
    name: 'store-path `/narrower` of 20,000 children, pages 1 to 20',
    env: { DATA_FILES: wideFile, LABEL_INDEX: 'off' },
    async run(url) {
      const statuses = {};
      for (let page = 1; page <= 20; page++)
        await count(url, `/narrower?uri=${encodeURIComponent('http://example.org/root')}&count=20&page=${page}`, statuses);
      return statuses;
    },
  },
  {
    name: 'store-path `/top` of 50,000 top concepts (pages 1 to 5, then 4 clients at once), `/schemes` of 3,001 schemes twice',
    env: { DATA_FILES: listsFile, LABEL_INDEX: 'off' },
    async run(url) {
      const statuses = {};
      const top = (page) => count(url, `/top?scheme=${encodeURIComponent('http://example.org/s')}&count=100&page=${page}`, statuses);
      for (let page = 1; page <= 5; page++) await top(page);
      await Promise.all([10, 11, 12, 13].map(top));
      for (let i = 0; i < 2; i++) await count(url, '/schemes', statuses);
      return statuses;
    },
  },
  {
    name: 'store-path `/top` of 50,000 top concepts in six languages: the first page in each, and `/top` without `scheme` among two',
    env: { DATA_FILES: sixLanguagesFile, LABEL_INDEX: 'off' },
    async run(url) {
      const statuses = {};
      await count(url, '/top', statuses);
      for (const lang of LANGUAGES) await count(url, `/top?scheme=${encodeURIComponent('http://example.org/s')}&lang=${lang}`, statuses);
      return statuses;
    },
  },
  {
    name: '60 clients that never read a /get of 100 broad concepts with `fields=narrower` (held 40 s), one client searching',
    env: { DATA_FILES: broadFile },
    run: (url) => pausedReaders(url, 60, 40_000),
  },
  {
    name: '300 such clients',
    env: { DATA_FILES: broadFile },
    run: (url) => pausedReaders(url, 300, 40_000),
  },
];

const rows = [];
for (const shape of SHAPES) {
  const service = await startProcess(
    'dist/server.js',
    { CACHE_MAX_ENTRIES: '0', LOG_LEVEL: 'info', PROBE_PORT: '0', ...shape.env },
    { ready: true },
  );
  try {
    const probeUrl = /probes answered on (http:\/\/[^ "]+?)\/health/.exec(service.log)?.[1];
    if (probeUrl === undefined) throw new Error(`no probe port in the log: ${service.log.slice(-1000)}`);
    const stop = probe(service.url);
    const stopOnProbePort = probe(probeUrl);
    await sleep(1000);
    const rest = service.memory().rss;
    let peak = rest;
    const sampling = setInterval(() => (peak = Math.max(peak, service.memory().rss)), 100);
    const got = await shape.run(service.url);
    const end = service.memory().rss;
    clearInterval(sampling);
    peak = Math.max(peak, end);
    await sleep(1000);
    const latencies = (await stop()).sort((a, b) => a - b);
    const onProbePort = (await stopOnProbePort()).sort((a, b) => a - b);
    const row = {
      shape: shape.name,
      got: Object.entries(got)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', '),
      probes: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      worst: latencies.at(-1),
      probePortP50: percentile(onProbePort, 50),
      probePortWorst: onProbePort.at(-1),
      rss: { rest, peak, end },
    };
    rows.push(row);
    say(
      `${row.shape}: ${row.got}; /health p50 ${row.p50.toFixed(1)} ms, worst ${row.worst.toFixed(1)} ms; ` +
        `on PROBE_PORT p50 ${row.probePortP50.toFixed(1)} ms, worst ${row.probePortWorst.toFixed(1)} ms; ` +
        `RSS ${rest} MB at rest, peak ${peak} MB, ${end} MB at the end`,
    );
  } finally {
    await service.stop();
  }
}

const file = saveResults('shapes', {
  measured,
  began,
  command: 'npm run bench:shapes',
  setup:
    "The service on the embedded store, response cache off, a `/health` probe every 200 ms on a connection of its own through each shape (and a second before and after), on the clients' port and, at the same time, on `PROBE_PORT`; the service's RSS sampled every 100 ms through each shape (at rest: just before it; at the end: its last request answered, before the clients that never read are let go).",
  tables: [
    {
      columns: [
        'shape',
        'what its requests got',
        'probes',
        '`/health` p50',
        'p99',
        'worst',
        'on `PROBE_PORT`: p50',
        'worst',
        'RSS at rest',
        'peak',
        'at the end',
      ],
      align: ['', '', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
      rows: rows.map(({ shape, got, probes, p50, p99, worst, probePortP50, probePortWorst, rss }) => [
        shape,
        got,
        probes,
        ...[p50, p99, worst, probePortP50, probePortWorst].map((ms) => `${ms.toFixed(1)} ms`),
        ...[rss.rest, rss.peak, rss.end].map((mb) => `${mb} MB`),
      ]),
    },
  ],
});
say(`wrote ${file}`);
writeBenchTables();
