#!/usr/bin/env node
// npm run bench [-- --quick] [-- --size 1000000 [-- --real-labels | --authority]] [-- --seconds 5] [-- --only-size] [-- --virtuoso-loaded] [-- --no-fuseki]
//
// The service side by side with its floor (the same SPARQL queries asked of the store
// directly) and its ceiling (a bare Express route answering a body of the same size), on:
//   - the embedded store with YSO (../shared/vocabularies; a synthetic 36,000-concept
//     vocabulary where that is missing), default settings (label index on);
//   - a private Virtuoso with the synthetic 200,000-concept vocabulary: the default settings
//     (label index on; the generic and virtuoso dialects differ only in the queries the
//     index replaces, so one of them stands for both), and the virtuoso dialect's own
//     store queries (LABEL_INDEX=off);
//   - Apache Jena Fuseki 5.6.0 (TDB2, scripts/fuseki.sh) with the same 200,000 concepts: the
//     label index's read, /get, /search and /suggest, figures without targets;
//   - with --size N, Virtuoso's backends and Fuseki's again at N concepts; with --real-labels
//     too, those N concepts in the generator's real-label shape (`--languages 13 --labels
//     classification`: labels as long, many-worded and multilingual as Iconclass', BENCHMARKS.md;
//     at 1.4 million concepts the bench's own reading of the vocabulary needs more than Node's
//     default heap: `node --max-old-space-size=12288 bench/run.mjs ...`); with --authority, in
//     the generator's authority shape (`--labels authority`: personal and corporate names with
//     dates and qualifiers, variants in several scripts, as a name authority file's).
// Workloads: /get with 1 and 10 URIs, /search with a word, /suggest as keystrokes; each
// uncached (the service started with CACHE_MAX_ENTRIES=0) and cached (a working set of 200
// requests, warmed, on the default settings), with 1 and 32 clients. Saves the tables as
// bench/results/run-quick|run-full|run-N/ (BENCHMARKS.md's are made from them), writes a
// chart (docs/images/), and ends with one line
// `bench: cached_vs_bare=... get_overhead_ms=... suggest_p95_ms=... search_p95_ms=... rss_mb=...`.
// --quick: the embedded store only, shorter rows; under 3 minutes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../dist/loadConfig.js';
import { createStore } from '../dist/store/createStore.js';
import { barChart } from './lib/chart.mjs';
import { STORES, storeCommand } from '../scripts/privateStores.mjs';
import { labelFloor } from './lib/labelFloor.mjs';
import { cycle, measure, measureRequests, summarise } from './lib/measure.mjs';
import { startProcess } from './lib/processes.mjs';
import { measureRebuilds, rebuildTableRows, REBUILD_COLUMNS } from './lib/rebuilds.mjs';
import { howTheServiceAsks, sparqlPost, storeQueries } from './lib/storeQueries.mjs';
import { worstCases } from './lib/worstCases.mjs';
import { startTypist, wordsFromStore } from './lib/typist.mjs';
import { getFigures } from './lib/getFigures.mjs';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';

/** Taken before the run writes anything (its charts and tables are changes of the work tree). */
const measured = measuredAt();
import { readVocabulary, workloads } from './lib/workloads.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const quick = argv.includes('--quick');
const seconds = Number(option('seconds', quick ? 1.5 : 5));
const extraSize = option('size', undefined);
// --real-labels: the --size vocabulary in the real-label shape instead of the default one
const realLabels = argv.includes('--real-labels');
if (realLabels && extraSize === undefined) throw new Error('--real-labels goes with --size N');
// --authority: the --size vocabulary in the authority shape
const authorityNames = argv.includes('--authority');
if (authorityNames && (extraSize === undefined || realLabels)) throw new Error('--authority goes with --size N, without --real-labels');
/** The --size vocabulary's shape, as its file, keys and results name it (none: the default shape). */
const shapeName = realLabels ? 'real-labels' : authorityNames ? 'authority' : undefined;
// --only-size: just the --size backend (no embedded, no 200k rows); --virtuoso-loaded: the
// Virtuoso at VIRTUOSO_HTTP_PORT already holds the --size vocabulary (loading 2 million
// concepts takes 8 minutes): it is neither started, loaded nor stopped.
const onlySize = argv.includes('--only-size');
const virtuosoLoaded = argv.includes('--virtuoso-loaded');
// --no-fuseki: no Fuseki backend (loading 2 million concepts into it takes 8 minutes, and its
// cold read may meet its own query time limit on a machine this busy)
const noFuseki = argv.includes('--no-fuseki');
// --rebuilds N: SIGHUP rebuilds in a row after the cold start of each backend past half a million
// concepts (3 unless given; 0 for none)
const rebuildCount = Number(option('rebuilds', 3));
const command = `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`;
const say = (text) => process.stderr.write(`bench: ${text}\n`);
const began = Date.now();

const YSO = '../shared/vocabularies/yso-2019.3-cicero-preflabels-derived.nt.gz';
const CLIENTS = [1, 32];
const WORKLOADS = ['get1', 'get10', 'search', 'suggest'];

/** The generator's vocabulary of `concepts` (in `shape`, one of shapeName's, or the default), written once. */
function synthetic(concepts, shape = undefined) {
  const options = { 'real-labels': ['--languages', '13', '--labels', 'classification'], authority: ['--labels', 'authority'] }[shape] ?? [];
  const file = `tmp/bench/synthetic-${concepts}${shape === undefined ? '' : `-${shape}`}.nt.gz`;
  if (!existsSync(file))
    execFileSync(process.execPath, ['bench/generate-vocabulary.mjs', '--concepts', String(concepts), ...options, '--out', file], {
      stdio: 'inherit',
    });
  return file;
}
/** A --size backend's shape (undefined: the default), and how its name and results say so. */
const shapeOf = (size) => (String(size) === extraSize ? shapeName : undefined);
const keyOf = (size) => `${size}${shapeOf(size) === undefined ? '' : `-${shapeOf(size)}`}`;
const SHAPE_NAMES = { 'real-labels': ', real labels', authority: ', authority names' };
const thousands = (n, shape = undefined) => `${Math.round(n / 1000)}k${SHAPE_NAMES[shape] ?? ''}`;

// ---- the backends ---------------------------------------------------------------------------
const embeddedData = existsSync(YSO) ? YSO : synthetic(36000);
const backends = onlySize
  ? []
  : [
      {
        key: 'embedded',
        name: existsSync(YSO) ? 'embedded, YSO' : 'embedded, synthetic',
        data: embeddedData,
        env: { DATA_FILES: embeddedData },
        target: true,
        suggestTarget: 50,
      },
    ];
if (!quick) {
  for (const size of [...(onlySize ? [] : [200000]), ...(extraSize === undefined ? [] : [Number(extraSize)])]) {
    const data = synthetic(size, shapeOf(size));
    const store = { SPARQL_ENDPOINT: STORES.virtuoso.endpoint, SPARQL_GRAPH: STORES.virtuoso.graph, SPARQL_TIMEOUT_MS: '120000' };
    // the hourly change probe sums every read's lengths on the store: at ten million names
    // some 30 s of both cores, which the store shares with the service here (elsewhere it has
    // its own machine). A run of an hour and more would measure whichever row it fell on.
    const large = size > 500_000;
    backends.push({
      key: `virtuoso-${keyOf(size)}`,
      name: `Virtuoso ${thousands(size, shapeOf(size))}, label index`,
      data,
      store: STORES.virtuoso,
      env: { ...store, SPARQL_DIALECT: 'generic', LABEL_INDEX_REFRESH_SECONDS: '86400' },
      target: true,
      // the targets for millions of concepts (at ten million, an authority file's: a little
      // looser, and the start's own); 200k keeps the earlier ones
      ...(size >= 5_000_000
        ? {
            suggestTarget: 5,
            searchTarget: 10,
            getTarget: 1,
            columnSeconds: 30,
            readyTargetS: 600,
            peakTarget: 3072,
            rebuildPeakTarget: 5120,
          }
        : large
          ? { suggestTarget: 2, searchTarget: 5, getTarget: 0.5, columnSeconds: 20 }
          : { suggestTarget: 30, searchTarget: 50 }),
      rssTarget: shapeOf(size) === 'real-labels' ? 1536 : size >= 5_000_000 ? 3072 : large ? 1024 : 300,
      // past half a million concepts, a client types two keystrokes a second through the cold start
      typing: large,
      startup: true,
      worst: true,
      rebuilds: large ? rebuildCount : 0,
    });
    // Past half a million concepts the store's regular expressions take seconds a keystroke
    // (4 to 8 s at a million): rows of them would say nothing but "no answer".
    if (!large)
      backends.push({
        key: `virtuoso-${size}-store`,
        name: `Virtuoso ${thousands(size)}, store queries (virtuoso dialect)`,
        data,
        store: STORES.virtuoso,
        env: { ...store, SPARQL_DIALECT: 'virtuoso', LABEL_INDEX: 'off' },
        target: false,
      });
  }
  // Apache Jena Fuseki 5.6.0 (TDB2) at the same sizes as Virtuoso's label index rows: the
  // index's read against Fuseki's own floor, /get, /search and /suggest; figures beside
  // Virtuoso's, no targets of their own.
  for (const size of noFuseki ? [] : [...(onlySize ? [] : [200000]), ...(extraSize === undefined ? [] : [Number(extraSize)])]) {
    backends.push({
      key: `fuseki-${keyOf(size)}`,
      name: `Fuseki ${thousands(size, shapeOf(size))}, label index`,
      data: synthetic(size, shapeOf(size)),
      store: STORES.fuseki,
      env: {
        SPARQL_ENDPOINT: STORES.fuseki.endpoint,
        SPARQL_GRAPH: STORES.fuseki.graph,
        SPARQL_TIMEOUT_MS: '120000',
        SPARQL_DIALECT: 'generic',
        LABEL_INDEX_REFRESH_SECONDS: '86400',
      },
      target: false,
      startup: true,
      worst: true,
    });
  }
}

// ---- one backend --------------------------------------------------------------------------
/** What each store holds now (its script's name to the data file). */
const holding = new Map();
function storeHolding(backend) {
  const { script } = backend.store;
  if (holding.get(script) === backend.data) return;
  if (script === STORES.virtuoso.script && virtuosoLoaded) return;
  say(`starting ${script} and loading ${backend.data}`);
  storeCommand(script, 'start');
  storeCommand(script, 'load', backend.data);
  holding.set(script, backend.data);
}

/** Fetches each path once, one at a time: warms a cache, and gives the median body size. */
async function askEach(url, paths) {
  const sizes = [];
  for (const path of paths) {
    const response = await fetch(url + path);
    sizes.push((await response.arrayBuffer()).byteLength);
  }
  return sizes.sort((a, b) => a - b)[Math.floor(sizes.length / 2)];
}

/**
 * From a cold start to the label index in: time to listen, time to ready (the index read
 * from the store), memory, the index's size, then the same from the snapshot; and first the
 * floor, the store sending the same label rows straight to a client. Leaves the snapshot for the
 * workload rows' services.
 */
async function startup(backend, snapshot) {
  rmSync(snapshot, { force: true });
  const env = { LOG_LEVEL: 'info', ...backend.env, INDEX_SNAPSHOT: snapshot };
  // the floor first: the service then reads from a store that has sent those rows once, as
  // a store in use has (the other way round, only the service met a store just started)
  say(`${backend.name}: the floor, the label rows by plain patterns straight to the store`);
  const floor = await labelFloor({ endpoint: backend.store.endpoint, graph: backend.store.graph });
  say(`${backend.name}: a cold start, the label index read from the store${backend.typing ? ', a client typing throughout' : ''}`);
  const words = backend.typing ? await wordsFromStore(backend.store.endpoint, backend.store.graph) : [];
  let typist;
  const cold = await startProcess('dist/server.js', env, {
    ready: true,
    listening: (url) => (typist = backend.typing ? startTypist(url, words) : undefined),
  });
  const keystrokes = await typist?.stop();
  const memory = cold.memory();
  // written once the index is in use, a little after /ready
  const written = await cold.waitFor(/label index snapshot written to .*? in (\d+) ms \((\d+) MB\)/);
  // rebuilds in a row where the vocabulary is large: the old index answers while the new one is built
  const rebuilt =
    backend.rebuilds > 0
      ? await measureRebuilds(cold, { rebuilds: backend.rebuilds, say: (text) => say(`${backend.name}: ${text}`) })
      : undefined;
  await cold.stop();
  const built =
    /"label index: (\d+) concepts.*?, (\d+) labels .*?; \d+ words, (\d+) MB \((\d+) bytes a label\); (\d+) triples read in/.exec(cold.log);
  if (built === null) throw new Error(`${backend.name}: the service built no label index: ${cold.log.slice(-2000)}`);
  say(`${backend.name}: a start from the snapshot`);
  const warm = await startProcess('dist/server.js', env, { ready: true });
  const warmMemory = warm.memory();
  await warm.stop();
  return {
    listenMs: cold.listenedMs,
    readyMs: cold.readyMs,
    snapshotListenMs: warm.listenedMs,
    snapshotReadyMs: warm.readyMs,
    rss: memory.rss,
    peak: memory.peak,
    snapshotRss: warmMemory.rss,
    labels: Number(built[2]),
    indexMb: Number(built[3]),
    bytesPerLabel: Number(built[4]),
    rows: Number(built[5]),
    floorMs: floor.ms,
    floorRows: floor.rows,
    storeFileMb: storeFileMb(backend.store),
    keystrokes,
    snapshotWriteMs: written === undefined ? undefined : Number(written[1]),
    snapshotMb: written === undefined ? undefined : Number(written[2]),
    rebuilt,
  };
}

/** The size of the store's database file, where its script says where that is, in MB. */
function storeFileMb(store) {
  const file = store?.databaseFile;
  return file !== undefined && existsSync(file) ? Math.round(statSync(file).size / 1e6) : undefined;
}

async function runBackend(backend) {
  if (backend.store !== undefined) storeHolding(backend);
  const vocabulary = await readVocabulary(backend.data);
  backend.concepts = vocabulary.concepts;
  const { workloads: lists, suggestByLength } = workloads(vocabulary);
  const snapshot = `tmp/bench/index-${backend.key}.bin`;
  if (backend.startup) backend.startup = await startup(backend, snapshot);
  say(`${backend.name}: ${vocabulary.concepts} concepts; starting the service twice (cache off, cache on)`);
  const env = { LOG_LEVEL: 'info', ...backend.env, ...(backend.startup ? { INDEX_SNAPSHOT: snapshot } : {}) };
  const [uncachedService, cachedService] = await Promise.all([
    startProcess('dist/server.js', { ...env, CACHE_MAX_ENTRIES: '0' }, { ready: true }),
    startProcess('dist/server.js', env, { ready: true }),
  ]);
  const rows = [];
  const sizes = {};
  try {
    for (const workload of WORKLOADS) {
      const list = lists[workload];
      await measure({ url: uncachedService.url, next: cycle(list.uncached), connections: 8, seconds: Math.min(1, seconds) }); // warm-up
      for (const clients of CLIENTS) {
        rows.push({
          backend,
          workload,
          what: 'service',
          cache: 'uncached',
          clients,
          ...(await measure({ url: uncachedService.url, next: cycle(list.uncached), connections: clients, seconds })),
        });
      }
      sizes[workload] = await askEach(cachedService.url, list.cached);
      for (const clients of CLIENTS) {
        rows.push({
          backend,
          workload,
          what: 'service',
          cache: 'cached',
          clients,
          ...(await measure({ url: cachedService.url, next: cycle(list.cached), connections: clients, seconds })),
        });
      }
      say(`${backend.name}: ${workload} done`);
    }
    // each prefix length alone, and again with lang and with scheme (filters checked on each entry read)
    backend.byLength = {};
    const filters = {
      '': '',
      lang: '&lang=en',
      ...(vocabulary.scheme === undefined ? {} : { scheme: `&scheme=${encodeURIComponent(vocabulary.scheme)}` }),
    };
    for (const [filter, extra] of Object.entries(filters)) {
      for (const [length, paths] of Object.entries(suggestByLength)) {
        if (paths.length === 0) continue;
        backend.byLength[`${length}${filter === '' ? '' : ` ${filter}`}`] = await measure({
          url: uncachedService.url,
          next: cycle(paths.map((path) => path + extra)),
          connections: 1,
          seconds: Math.max(0.5, seconds / 3),
        });
      }
    }
    backend.browse = await browseRows(uncachedService.url, vocabulary);
    if (backend.worst) {
      say(
        `${backend.name}: the worst cases (the commonest words, a reconciled column${backend.store === STORES.virtuoso ? ', Network of Terms' : ''})`,
      );
      backend.worst = await worstCases({
        url: uncachedService.url,
        data: backend.data,
        vocabulary,
        virtuoso: backend.store === STORES.virtuoso ? backend.store : undefined,
      });
      say(`${backend.name}: /get from memory, from the store, and the store's own query`);
      backend.gets = await getFigures({
        url: uncachedService.url,
        env: { ...env, CACHE_MAX_ENTRIES: '0' },
        uris: vocabulary.uris,
        store: backend.store,
        // at ten million names the store's own query for one concept takes about a second
        // (the store path is no way to serve them): fewer concepts, fewer rounds
        ...(vocabulary.concepts >= 5_000_000 ? { picked: 20, rounds: 2 } : {}),
      });
    }
    backend.memory = cachedService.memory();
  } finally {
    await Promise.all([uncachedService.stop(), cachedService.stop()]);
  }

  // the ceiling: a bare Express route with bodies of the same sizes
  const bare = await startProcess('bench/bareExpress.mjs', { BODY_SIZES: JSON.stringify(sizes) });
  try {
    for (const workload of WORKLOADS) {
      for (const clients of CLIENTS)
        rows.push({
          backend,
          workload,
          what: 'bare Express',
          cache: 'cached',
          clients,
          ...(await measure({ url: bare.url, next: () => `/${workload}`, connections: clients, seconds })),
        });
    }
  } finally {
    await bare.stop();
  }

  // the floor of an answer from memory: a bare node:http server, the same bodies, one client
  const bareNode = await startProcess('bench/bareNode.mjs', { BODY_SIZES: JSON.stringify(sizes) });
  try {
    for (const workload of WORKLOADS)
      rows.push({
        backend,
        workload,
        what: 'bare Node',
        cache: 'cached',
        clients: 1,
        ...(await measure({ url: bareNode.url, next: () => `/${workload}`, connections: 1, seconds })),
      });
  } finally {
    await bareNode.stop();
  }

  // the floor: the service's own store queries, straight to the store
  say(`${backend.name}: timing the store queries directly`);
  const config = loadConfig({ LOG_LEVEL: 'silent', ...backend.env, LABEL_INDEX: 'off' });
  const store = await createStore(config);
  try {
    const record = await storeQueries(config, store, vocabulary.uris);
    for (const workload of WORKLOADS) {
      // Past half a million concepts the store path's /search and /suggest queries (regular
      // expressions over every label) outlast a row: none is answered within it, and the
      // store goes on computing the ones the row gave up on for minutes, which slows every
      // measurement after it. Those rows are left out ("—").
      if (backend.concepts > 500_000 && (workload === 'search' || workload === 'suggest')) continue;
      const requests = [];
      for (const path of lists[workload].uncached.slice(0, 5000)) requests.push(await record(path)); // as many distinct requests as a row asks: Virtuoso keeps plans by query text
      backend.queries = { ...backend.queries, [workload]: requests[0].map((query) => query.name) };
      if (backend.store === undefined)
        rows.push({ backend, workload, what: 'direct SPARQL', cache: 'uncached', clients: 1, ...(await inProcess(store, requests)) });
      else
        for (const clients of CLIENTS)
          rows.push({
            backend,
            workload,
            what: 'direct SPARQL',
            cache: 'uncached',
            clients,
            ...(await overHttp(requests, clients, backend.store)),
          });
    }
  } finally {
    await store.close();
  }
  return rows;
}

/**
 * Browsing (uncached, one client): /schemes, pages of 100 of the scheme's top concepts and of
 * concepts' narrower ones (in the default language, and in another), and /get of 20 concepts
 * with and without `fields=ancestors`. The benchmark's vocabularies are flat or shallow:
 * `bench/browse.mjs` measures a deep hierarchy and the first page of a long list in another
 * language.
 */
async function browseRows(url, vocabulary) {
  if (vocabulary.scheme === undefined) return undefined;
  const q = encodeURIComponent;
  const some = vocabulary.uris.filter((_, i) => i % Math.max(1, Math.floor(vocabulary.uris.length / 400)) === 0).slice(0, 400);
  const twenties = Array.from({ length: Math.floor(some.length / 20) }, (_, i) =>
    some
      .slice(i * 20, i * 20 + 20)
      .map((uri) => `uri=${q(uri)}`)
      .join('&'),
  );
  const top = (await (await fetch(`${url}/schemes`)).json()).schemes.find((s) => s.uri === vocabulary.scheme)?.topConcepts ?? 0;
  const pages = Math.max(1, Math.min(100, Math.floor(top / 100)));
  // the other language's order of a long list is made by its first page (on a thread of its
  // own, a 503 until it is made): asked until it is, before timing; the wait is a row of its own
  const madeIn = performance.now();
  for (let tries = 0; tries < 600; tries++) {
    const response = await fetch(`${url}/top?scheme=${q(vocabulary.scheme)}&count=100&lang=zz`);
    await response.arrayBuffer();
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const orderMs = performance.now() - madeIn;
  const rows = {
    '/schemes': ['/schemes'],
    [`/top, a page of 100 (of ${top})`]: Array.from(
      { length: pages },
      (_, i) => `/top?scheme=${q(vocabulary.scheme)}&count=100&page=${i + 1}`,
    ),
    '/top, the same in another language': Array.from(
      { length: pages },
      (_, i) => `/top?scheme=${q(vocabulary.scheme)}&count=100&page=${i + 1}&lang=zz`,
    ),
    '/narrower, a page of 100': some.map((uri) => `/narrower?uri=${q(uri)}&count=100&fields=narrowerCount`),
    '/get, 20 concepts': twenties.map((uris) => `/get?${uris}`),
    '/get, 20 concepts, fields=ancestors': twenties.map((uris) => `/get?${uris}&fields=ancestors`),
  };
  const measured = {};
  for (const [what, paths] of Object.entries(rows)) {
    if (paths.length === 0) continue;
    measured[what] = await measure({ url, next: cycle(paths), connections: 1, seconds: Math.max(0.5, seconds / 3) });
  }
  measured['/top in another language, the first page: until its order is made'] = { p50: orderMs, p95: orderMs };
  return measured;
}

/** The embedded engine, asked in this process: each request's queries one after the other. */
async function inProcess(store, requests) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    for (const { query, name } of requests[i % requests.length]) await store.select(query, name);
    latencies.push(performance.now() - started);
  }
  return summarise(latencies, seconds, { failed: 0 });
}

/**
 * The store's endpoint, driven like the service: each query of a request is a row of its own
 * (autocannon sends single requests); the request's figures are the sums of its queries'
 * percentiles (an upper bound for p95 and p99), its rate the rate of doing all of them.
 */
async function overHttp(requests, clients, { endpoint, graph }) {
  // asked as the service asks this store: the results in the same form (XML of Virtuoso,
  // which writes JSON several times slower), on a new connection each where the service
  // opens one (Virtuoso: on a kept-alive connection some answers wait 40 ms for an ACK)
  const { accept, dispatcher, fresh } = await howTheServiceAsks(endpoint);
  const drive = fresh ? (row) => measureRequests({ ...row, dispatcher }) : measure;
  const steps = requests[0].length;
  const parts = [];
  for (let step = 0; step < steps; step++) {
    const next = cycle(requests.map((queries) => sparqlPost(queries[step].query, graph, accept)));
    parts.push(
      await drive({
        url: endpoint,
        connections: clients,
        seconds,
        next: () => ({ ...next(), path: new URL(endpoint).pathname }),
      }),
    );
  }
  const sum = (key) => parts.reduce((total, part) => total + part[key], 0);
  return {
    answers: Math.min(...parts.map((part) => part.answers)),
    p50: sum('p50'),
    p95: sum('p95'),
    p99: sum('p99'),
    rps: 1 / parts.reduce((total, part) => total + 1 / part.rps, 0),
    failed: sum('failed'),
  };
}

// ---- run ----------------------------------------------------------------------------------
const rows = [];
try {
  for (const backend of backends) rows.push(...(await runBackend(backend)));
} finally {
  for (const script of holding.keys()) storeCommand(script, 'stop');
}

// ---- report -------------------------------------------------------------------------------
const find = (backend, workload, what, cache, clients) =>
  rows.find(
    (row) => row.backend === backend && row.workload === workload && row.what === what && row.cache === cache && row.clients === clients,
  );
const ms = (value) => (value === undefined || Number.isNaN(value) ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const rate = (value) =>
  value === undefined || Number.isNaN(value) || !Number.isFinite(value) ? '—' : Math.round(value).toLocaleString('en');
const ratio = (a, b) => (a === undefined || b === undefined || !(b > 0) ? undefined : a / b);
const title = (workload) =>
  ({ get1: '/get, 1 URI', get10: '/get, 10 URIs', search: '/search, a word', suggest: '/suggest, keystrokes' })[workload];

const table = [
  '| backend | workload | measured | cache | clients | p50 ms | p95 ms | p99 ms | req/s | answers | failed |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.backend.name} | ${title(row.workload)} | ${row.what} | ${row.cache} | ${row.clients} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${rate(row.rps)} | ${row.answers.toLocaleString('en')} | ${row.failed} |`,
  ),
].join('\n');

const ratioRows = [];
for (const backend of backends) {
  for (const workload of WORKLOADS) {
    const service = find(backend, workload, 'service', 'uncached', 1);
    const direct = find(backend, workload, 'direct SPARQL', 'uncached', 1);
    const cached = find(backend, workload, 'service', 'cached', 32);
    const bare = find(backend, workload, 'bare Express', 'cached', 32);
    ratioRows.push({
      backend,
      workload,
      latency: ratio(service?.p50, direct?.p50),
      overhead: service && direct ? service.p50 - direct.p50 : undefined,
      throughput: ratio(cached?.rps, bare?.rps),
    });
  }
}
const fixed = (value, digits = 2) =>
  value === undefined || Number.isNaN(value) ? '—' : Math.abs(value) < 0.1 && value !== 0 ? value.toPrecision(2) : value.toFixed(digits);
const ratios = [
  '| backend | workload | service / direct, p50 uncached, 1 client | service − direct, p50 ms | service / bare Express, req/s cached, 32 clients |',
  '|---|---|---|---|---|',
  ...ratioRows.map(
    (row) => `| ${row.backend.name} | ${title(row.workload)} | ${fixed(row.latency)} | ${fixed(row.overhead)} | ${fixed(row.throughput)} |`,
  ),
].join('\n');

const lengths = ['1', '2', '3', '4', '5', '6', '7', '8'];
const FILTERS = ['', ' lang', ' scheme'];
const byLength = [
  `| backend | filter | ${lengths.map((n) => `${n} letter${n === '1' ? '' : 's'}`).join(' | ')} |`,
  `|---|---|${lengths.map(() => '---').join('|')}|`,
  ...backends.flatMap((backend) =>
    FILTERS.filter((filter) => backend.byLength?.[`1${filter}`] !== undefined).map(
      (filter) =>
        `| ${backend.name} | ${filter === '' ? 'none' : filter === ' lang' ? '`lang=en`' : '`scheme`'} | ${lengths.map((n) => (backend.byLength?.[n + filter] === undefined ? '—' : `${ms(backend.byLength[n + filter].p50)} / ${ms(backend.byLength[n + filter].p95)}`)).join(' | ')} |`,
    ),
  ),
].join('\n');

const browseTable = !backends.some((backend) => backend.browse !== undefined)
  ? 'None: no vocabulary of this run has a concept scheme to browse.'
  : [
      '| backend | request | p50 ms | p95 ms |',
      '|---|---|---|---|',
      ...backends.flatMap((backend) =>
        Object.entries(backend.browse ?? {}).map(
          ([what, figures]) => `| ${backend.name} | ${what} | ${ms(figures.p50)} | ${ms(figures.p95)} |`,
        ),
      ),
    ].join('\n');

const worstRows = backends.filter((backend) => typeof backend.worst === 'object');
const worstTable =
  worstRows.length === 0
    ? 'None: no backend of this run on a store with a SPARQL endpoint.'
    : [
        '| backend | /search, the mix: p50 / p95 / max ms | /search, the 50 commonest words: p50 / p95 / max ms | column, batches one after the other: total, p50 / p95 / max ms a batch | column, 10 batches at a time: total, p50 / p95 / max ms a batch | Network of Terms: p50 / p95 ms (this service, same words) |',
        '|---|---|---|---|---|---|',
        ...worstRows.map(({ name, worst: { search, commonest, column, parallel, peer } }) => {
          const three = (r) => `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.max)}`;
          const peerText =
            peer === undefined
              ? '—'
              : peer.error !== undefined
                ? `not run: ${peer.error}`
                : `${ms(peer.peer.p50)} / ${ms(peer.peer.p95)} (${ms(peer.ours.p50)} / ${ms(peer.ours.p95)})`;
          return `| ${name} | ${three(search)} | ${three(commonest)} | ${column.seconds} s, ${three(column)} | ${parallel.seconds} s, ${three(parallel)} | ${peerText} |`;
        }),
      ].join('\n');

const getRows = backends.filter((backend) => backend.gets !== undefined);
const pair = (r) => `${ms(r.p50)} / ${ms(r.p95)}`;
const getTable =
  getRows.length === 0
    ? 'None: no backend of this run on a store with a SPARQL endpoint.'
    : [
        "| backend | concepts a request | from memory: p50 / p95 ms | from the store: p50 / p95 ms | the store's own query: p50 / p95 ms | the same through a bare forwarder: p50 / p95 ms | from the store / the store's query, p50 | the forwarder / the store's query, p50 |",
        '|---|---|---|---|---|---|---|---|',
        ...getRows.flatMap(({ name, gets }) =>
          Object.entries(gets).map(
            ([size, { memory, store, direct, forwarded }]) =>
              `| ${name} | ${size} | ${pair(memory)} | ${pair(store)} | ${pair(direct)} | ${pair(forwarded)} | ${fixed(store.p50 / direct.p50)}× | ${fixed(forwarded.p50 / direct.p50)}× |`,
          ),
        ),
      ].join('\n');

const floorTable = [
  '| backend | workload | service: p50 / p95 ms | bare Node: p50 / p95 ms | bare Express: p50 / p95 ms | service − bare Node, p50 / p95 ms |',
  '|---|---|---|---|---|---|',
  ...backends.flatMap((backend) =>
    WORKLOADS.flatMap((workload) => {
      const service = find(backend, workload, 'service', 'uncached', 1);
      const node = find(backend, workload, 'bare Node', 'cached', 1);
      const bare = find(backend, workload, 'bare Express', 'cached', 1);
      if (service === undefined || node === undefined) return [];
      return [
        `| ${backend.name} | ${title(workload)} | ${ms(service.p50)} / ${ms(service.p95)} | ${ms(node.p50)} / ${ms(node.p95)} | ${ms(bare?.p50)} / ${ms(bare?.p95)} | ${ms(service.p50 - node.p50)} / ${ms(service.p95 - node.p95)} |`,
      ];
    }),
  ),
].join('\n');
const startups = backends.filter((backend) => typeof backend.startup === 'object');
/** A typist's keystrokes, as the tables say them: how many, by status, and the slowest. */
const keystrokeText = (k) =>
  k === undefined
    ? 'nobody typed'
    : `${k.count.toLocaleString('en')} keystrokes (${Object.entries(k.statuses)
        .map(([status, count]) => `${count.toLocaleString('en')} × ${status}`)
        .join(', ')}), p95 ${ms(k.p95)} ms, slowest ${ms(k.max)} ms`;
const seconds1 = (value) => (value / 1000).toFixed(1);
const startupTable = [
  "| backend | listening | index in, from the store | floor: the same label rows straight to a client | index / floor | a client typing meanwhile | snapshot written | from the snapshot | RSS when ready (peak) | RSS from the snapshot | index | bytes a label | the store's database file |",
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...startups.map(
    ({ name, startup: s }) =>
      `| ${name} | ${seconds1(s.listenMs)} s | ${seconds1(s.readyMs)} s (${s.rows.toLocaleString('en')} triples) | ${seconds1(s.floorMs)} s (${s.floorRows.toLocaleString('en')} rows) | ${fixed(s.readyMs / s.floorMs)}× | ${keystrokeText(s.keystrokes)} | ${s.snapshotWriteMs === undefined ? '—' : `${seconds1(s.snapshotWriteMs)} s, ${s.snapshotMb} MB`} | ${seconds1(s.snapshotReadyMs)} s | ${s.rss} MB (${s.peak} MB) | ${s.snapshotRss} MB | ${s.indexMb} MB, ${s.labels.toLocaleString('en')} labels | ${s.bytesPerLabel} | ${s.storeFileMb === undefined ? '—' : `${s.storeFileMb.toLocaleString('en')} MB`} |`,
  ),
].join('\n');

// targets, on the default settings (the store-queries backend is a reference, not a target)
const targets = [];
const verdict = (ok) => (ok ? 'met' : '**not met**');
for (const backend of backends.filter((b) => b.target)) {
  const suggestRatio = ratioRows.find((row) => row.backend === backend && row.workload === 'suggest').throughput;
  targets.push(
    `| ${backend.name} | cached /suggest ≥ 0.8× bare Express req/s | ${fixed(suggestRatio)}× | ${verdict(suggestRatio >= 0.8)} |`,
  );
  for (const workload of ['get1', 'get10']) {
    const overhead = ratioRows.find((row) => row.backend === backend && row.workload === workload).overhead;
    targets.push(
      `| ${backend.name} | uncached ${title(workload)}: p50 ≤ direct + 1 ms | +${fixed(overhead)} ms | ${verdict(overhead <= 1)} |`,
    );
  }
  const worstSuggest = Math.max(
    ...Object.entries(backend.byLength)
      .filter(([key]) => !key.includes('scheme'))
      .map(([, row]) => row.p95),
  );
  targets.push(
    `| ${backend.name} | uncached /suggest p95 ≤ ${backend.suggestTarget} ms at every prefix length, with and without \`lang\` | worst ${ms(worstSuggest)} ms | ${verdict(worstSuggest <= backend.suggestTarget)} |`,
  );
  if (typeof backend.startup === 'object') {
    const s = backend.startup;
    targets.push(`| ${backend.name} | listening within 5 s | ${seconds1(s.listenMs)} s | ${verdict(s.listenMs <= 5000)} |`);
    targets.push(
      `| ${backend.name} | index in within 1.5× the floor | ${fixed(s.readyMs / s.floorMs)}× (${seconds1(s.readyMs)} s against ${seconds1(s.floorMs)} s) | ${verdict(s.readyMs <= 1.5 * s.floorMs)} |`,
    );
    targets.push(
      `| ${backend.name} | ready within 15 s from the snapshot | ${seconds1(s.snapshotReadyMs)} s | ${verdict(s.snapshotReadyMs <= 15000)} |`,
    );
    if (backend.readyTargetS !== undefined) {
      const k = s.keystrokes;
      const polite =
        k !== undefined && k.count > 0 && Object.keys(k.statuses).every((status) => status === '200' || status === '503') && k.max <= 1000;
      targets.push(
        `| ${backend.name} | ready from the store within ${backend.readyTargetS / 60} minutes, a client typing throughout, every keystroke answered (200 or 503) within a second | ${seconds1(s.readyMs)} s; ${keystrokeText(k)} | ${verdict(s.readyMs <= backend.readyTargetS * 1000 && polite)} |`,
      );
      targets.push(
        `| ${backend.name} | peak RSS of the build ≤ ${backend.peakTarget} MB | ${s.peak} MB | ${verdict(s.peak <= backend.peakTarget)} |`,
      );
      targets.push(
        `| ${backend.name} | the snapshot written, and read back (a restart), within a minute each | written in ${s.snapshotWriteMs === undefined ? '—' : `${seconds1(s.snapshotWriteMs)} s (${s.snapshotMb} MB)`}; ready from it in ${seconds1(s.snapshotReadyMs)} s | ${verdict(s.snapshotWriteMs !== undefined && s.snapshotWriteMs <= 60_000 && s.snapshotReadyMs <= 60_000)} |`,
      );
    }
    if (backend.rebuildPeakTarget !== undefined && s.rebuilt !== undefined) {
      const peak = Math.max(...s.rebuilt.rows.map((row) => row.peak));
      const restBefore = s.rebuilt.ready;
      const restAfter = s.rebuilt.rows.at(-1).after;
      targets.push(
        `| ${backend.name} | ${s.rebuilt.rows.length} rebuilds in a row: peak ≤ ${backend.rebuildPeakTarget} MB, at rest after within 10% of before | peak ${peak} MB; at rest ${restBefore} MB before, ${restAfter} MB after | ${verdict(peak <= backend.rebuildPeakTarget && restAfter <= 1.1 * restBefore)} |`,
      );
    }
  }
  if (backend.getTarget !== undefined) {
    const get = find(backend, 'get1', 'service', 'uncached', 1);
    const floor = find(backend, 'get1', 'bare Node', 'cached', 1);
    targets.push(
      `| ${backend.name} | uncached /get, 1 URI: p50 ≤ ${backend.getTarget} ms (a bare Node server's fixed body beside it) | ${ms(get.p50)} ms (bare Node ${ms(floor?.p50)} ms) | ${verdict(get.p50 <= backend.getTarget)} |`,
    );
  }
  if (backend.searchTarget !== undefined) {
    const search = find(backend, 'search', 'service', 'uncached', 1);
    targets.push(
      `| ${backend.name} | uncached /search p95 ≤ ${backend.searchTarget} ms | ${ms(search.p95)} ms | ${verdict(search.p95 <= backend.searchTarget)} |`,
    );
  }
  if (typeof backend.worst === 'object' && backend.searchTarget !== undefined && backend.concepts > 500_000) {
    const { search, column, peer } = backend.worst;
    targets.push(
      `| ${backend.name} | uncached /search over the mix with the 50 commonest words: p95 ≤ 10 ms, max ≤ 50 ms | p95 ${ms(search.p95)} ms, max ${ms(search.max)} ms | ${verdict(search.p95 <= 10 && search.max <= 50)} |`,
    );
    targets.push(
      `| ${backend.name} | a column of 10,000 names reconciled in batches of 10 within ${backend.columnSeconds ?? 20} s, no batch over 200 ms | ${column.seconds} s, slowest batch ${column.max} ms | ${verdict(column.seconds <= (backend.columnSeconds ?? 20) && column.max <= 200)} |`,
    );
    // the issue names no size: one concept (a form's pick) and twenty (a page of results) both
    for (const [size, { memory, store, direct, forwarded }] of Object.entries(backend.gets ?? {}))
      targets.push(
        `| ${backend.name} | /get of ${size === '1' ? 'one concept' : `${size} concepts`}: p50 ≤ 2 ms from memory; from the store ≤ 20 ms and within 1.2× the store's own query | ${ms(memory.p50)} ms; ${ms(store.p50)} ms, ${fixed(store.p50 / direct.p50)}× (a bare forwarder ${fixed(forwarded.p50 / direct.p50)}×) | ${verdict(memory.p50 <= 2 && store.p50 <= 20 && store.p50 <= 1.2 * direct.p50)} |`,
      );
    if (peer !== undefined && peer.error === undefined)
      targets.push(
        `| ${backend.name} | /search at least 10× Network of Terms at p50, faster at p95 | ${fixed(peer.peer.p50 / peer.ours.p50, 1)}× at p50; p95 ${ms(peer.ours.p95)} against ${ms(peer.peer.p95)} ms | ${verdict(peer.peer.p50 >= 10 * peer.ours.p50 && peer.ours.p95 < peer.peer.p95)} |`,
      );
  }
  const rssTarget = backend.rssTarget ?? 300;
  targets.push(
    `| ${backend.name} | RSS ≤ ${rssTarget} MB at the end, default cache | ${backend.memory.rss} MB (peak ${backend.memory.peak} MB) | ${verdict(backend.memory.rss <= rssTarget)} |`,
  );
}

// the chart: p95 per workload (uncached, 1 client) for each backend, service and direct
const series = backends.flatMap((backend) => [
  { name: `${backend.name}: service`, values: WORKLOADS.map((workload) => find(backend, workload, 'service', 'uncached', 1)?.p95) },
  {
    name: `${backend.name}: direct SPARQL`,
    values: WORKLOADS.map((workload) => find(backend, workload, 'direct SPARQL', 'uncached', 1)?.p95),
  },
]);
const sizeName = keyOf(extraSize);
const chartFile = `docs/images/bench-p95${quick ? '-quick' : onlySize ? `-${sizeName}` : ''}.svg`;
mkdirSync('docs/images', { recursive: true });
writeFileSync(chartFile, barChart({ title: 'p95 latency, uncached, 1 client (ms, log scale)', groups: WORKLOADS.map(title), series }));

// the final line: the worst figure over the default-settings backends
const targetBackends = backends.filter((b) => b.target);
const worst = (values) => Math.max(...values.filter((v) => v !== undefined && !Number.isNaN(v)));
const summary = {
  cached_vs_bare: Math.min(
    ...ratioRows.filter((row) => row.backend.target && row.workload === 'suggest').map((row) => row.throughput),
  ).toFixed(2),
  get_overhead_ms: worst(ratioRows.filter((row) => row.backend.target && row.workload === 'get1').map((row) => row.overhead)).toFixed(2),
  suggest_p95_ms: worst(
    targetBackends.flatMap((b) =>
      Object.entries(b.byLength)
        .filter(([key]) => !key.includes('scheme'))
        .map(([, row]) => row.p95),
    ),
  ).toFixed(1),
  search_p95_ms: worst(targetBackends.map((b) => find(b, 'search', 'service', 'uncached', 1)?.p95)).toFixed(1),
  rss_mb: worst(targetBackends.map((b) => b.memory.rss)),
};
const line = `bench: ${Object.entries(summary)
  .map(([key, value]) => `${key}=${value}`)
  .join(' ')}`;

const setup = `Each row ${seconds} s of autocannon load (after a warm-up), the service with LOG_LEVEL=info as in production. Backends: ${backends.map((b) => `${b.name} (${b.concepts.toLocaleString('en')} concepts, \`${b.data}\`)`).join('; ')}.

- **service**: \`dist/server.js\`; *uncached* rows against one started with \`CACHE_MAX_ENTRIES=0\` and a long list of requests, *cached* rows against one on the default settings asking a warmed working set of 200 requests.
- **direct SPARQL** (the floor): the queries the service sends on the store path (\`LABEL_INDEX=off\`) for the same requests (${WORKLOADS.map((w) => `${title(w)}: ${(backends[0].queries?.[w] ?? []).join(' + ') || 'none'}`).join('; ')}), recorded from the service's own code. On a store with an endpoint: POSTed to it by autocannon, or, to a store that the service asks on a new connection each query (Virtuoso: docs/stores.md), by as many loops of undici's \`request\` (as the service asks its store) on new connections; asking for the form of results the service asks for (SPARQL XML from Virtuoso); one row per query, a request's figures the sum of its queries' (an upper bound for p95/p99). On the embedded store: run on the Oxigraph engine in the benchmark's process, one request after the other (no HTTP at all: a lower floor than the service can reach; no 32-client row, the engine answers one query at a time).
- **bare Express** (the ceiling): an Express 5 route answering a fixed JSON body of the median size of the service's answers for that workload.
- **bare Node** (the floor of an answer from memory): a \`node:http\` server answering the same body, one client.

![p95 latency per workload and backend](${chartFile.replace(/^docs\//, '')})`;

/** A Markdown table this script made, as columns and rows of cells (none of its cells holds a `|`); text without a table stays text. */
function tableOf(markdown) {
  const lines = markdown.split('\n');
  if (!lines[0]?.startsWith('|')) return { before: markdown };
  const cellsOf = (line) =>
    line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim());
  const columns = cellsOf(lines[0]);
  const rows = lines.slice(2).map(cellsOf);
  for (const cells of rows)
    if (cells.length !== columns.length)
      throw new Error(`a row of ${cells.length} cells under ${columns.length} columns: ${cells.join(' | ')}`);
  return { columns, rows };
}

const tables = [
  { title: 'Targets', ...tableOf(['| backend | target | measured | |', '|---|---|---|---|', ...targets].join('\n')) },
  startups.length === 0
    ? { title: 'From a start to the label index', before: 'No Virtuoso backend in this run.' }
    : {
        title: 'From a start to the label index',
        before:
          "Each service started on its own with `INDEX_SNAPSHOT` and no snapshot yet, then again from the snapshot it wrote; past half a million concepts a client types two keystrokes a second into `/suggest` from the moment it listens until it is ready (`bench/lib/typist.mjs`: each keystroke the next prefix of a word of the vocabulary; every answer should be a 200 or a polite 503 within a second), and the peak RSS is the process's over the whole build. The floor is the store sending just the label rows (`skos:prefLabel`, `altLabel`, `hiddenLabel`) straight to a client, each by one plain triple pattern as N-Triples, in parts of a million, two at a time, streamed and only counted (`bench/lib/labelFloor.mjs`), before the service's cold start: both read from a store that has sent those rows once, as a store in use has. The service reads more than that (concept types, schemes, notations, links).",
        ...tableOf(startupTable),
      },
  ...startups
    .filter(({ startup: s }) => s.rebuilt !== undefined)
    .map(({ name, startup: s }) => ({
      title: `Rebuilds: ${name}`,
      before:
        'SIGHUP after SIGHUP to the cold-started service, each once the index before it was in and 35 s had passed (`bench/lib/rebuilds.mjs`): RSS at rest (VmRSS), and the peak (VmHWM, reset at each signal) while the old index answers and the new one is built.',
      columns: REBUILD_COLUMNS,
      align: ['', 'right', 'right', 'right', 'right'],
      rows: rebuildTableRows({ firstPeak: s.peak, ...s.rebuilt }),
    })),
  { title: 'Ratios', ...tableOf(ratios) },
  {
    title: 'Beside the floor of an answer (uncached, 1 client)',
    before:
      "The service's uncached answers, one client, beside a bare `node:http` server (`bench/bareNode.mjs`: no framework, nothing in the way) and a bare Express route answering a fixed body of the same median size: what a lookup costs over the answer's HTTP round trip on this machine.",
    ...tableOf(floorTable),
  },
  {
    title: '/suggest by prefix length (uncached, 1 client): p50 / p95 ms',
    before: "The filters: `lang=en` and the vocabulary's scheme, checked on each label entry as it is read in rank order.",
    ...tableOf(byLength),
  },
  {
    title: 'Browsing (uncached, 1 client)',
    before:
      "`bench/browse.mjs` (`npm run bench:browse`) measures a deep hierarchy, and the first page of a long list in another language (which makes that language's order; asked once here before the timing).",
    ...tableOf(browseTable),
  },
  {
    title: 'Worst cases (uncached, 1 client)',
    before:
      "`bench/lib/worstCases.mjs`, against the uncached service: `/search` one request at a time, three rounds, over a mix of the 50 words that the most prefLabels hold and 150 others spread over the vocabulary's words (and the 50 alone); a column of 10,000 English prefLabels spread over the file, every other one with a letter changed in its longest word, posted to `/reconcile` in batches of 10 (`bench/reconcile-column.mjs`), one batch after the other and ten at a time as OpenRefine may send them; where the store is Virtuoso, Network of Terms' engine (5.4.0, its Virtuoso source's query) and this service's `/search` (`count=100`) asked the same 200 words one after the other (`bench/network-of-terms.mjs`).",
    ...tableOf(worstTable),
  },
  {
    title: '/get from memory and from the store (uncached, 1 client)',
    before:
      "`bench/lib/getFigures.mjs`: 200 concepts spread over the vocabulary, asked one and twenty at a time: of the service as it runs (its label index in: from memory; autocannon, one client, 3 s), of a second service on the store path (`LABEL_INDEX=off`: from the store), the store's own query for the same concepts (the one the second service sends) POSTed straight to the store as the service sends it (the same form of results and the same connections), and the same query through a bare forwarder (`bench/lib/forwarder.mjs`: a node:http server that asks the store through the service's own store client and answers the rows as JSON, nothing else: what one more process and one more HTTP exchange cost here). The last three are asked in turn, request by request, five rounds, by one client of the same kind (undici's `request`, the one the service asks its store with; kept-alive connections to the service and the forwarder).",
    ...tableOf(getTable),
  },
  { title: 'Every row', hidden: true, ...tableOf(table) },
];
const after = `Service memory at the end (the cache-on process): ${backends.map((b) => `${b.name}: RSS ${b.memory.rss} MB, peak ${b.memory.peak} MB`).join('; ')}.

\`${line}\``;
const saved = saveResults(quick ? 'run-quick' : onlySize ? `run-${sizeName}` : 'run-full', {
  measured,
  began,
  command,
  setup,
  tables,
  after,
});
say(`wrote ${saved} and ${chartFile} in ${Math.round((Date.now() - began) / 1000)} s`);
writeBenchTables();
process.stdout.write(`${line}\n`);
