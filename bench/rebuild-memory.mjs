#!/usr/bin/env node
// npm run bench:rebuild [-- --concepts 200000 | --sample] [-- --rebuilds 4] [-- --virtuoso [--virtuoso-loaded]] [-- --real-labels]
//
// The service's resident memory at rest, through rebuilds of its label index, and after a
// restart from its snapshot, started as `npm start` starts it (dist/server.js,
// MALLOC_MMAP_THRESHOLD_ set) with INDEX_SNAPSHOT, on the sample vocabulary (--sample: no data
// setting at all) or a synthetic one (bench/generate-vocabulary.mjs, made under tmp/bench/ once;
// --real-labels: in its real-label shape): on the embedded store, or with --virtuoso from a
// private Virtuoso that scripts/virtuoso.sh starts and loads (--virtuoso-loaded: it already holds
// that file). RSS once ready, then for each SIGHUP the peak while the old index answers and the
// new one is built, and the RSS at rest 35 s after the new index is in (bench/lib/rebuilds.mjs);
// then the service stopped and started again, ready from its snapshot. Saves
// bench/results/rebuild-<sample|concepts>[-real-labels][-virtuoso]/ and writes its tables where
// the docs hold them. Figures, not pass/fail: this machine is shared.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { STORES, storeCommand } from '../scripts/privateStores.mjs';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';
import { startProcess } from './lib/processes.mjs';
import { measureRebuilds, rebuildTableRows, REBUILD_COLUMNS } from './lib/rebuilds.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
const sample = argv.includes('--sample');
const concepts = option('concepts', 200_000);
const rebuilds = option('rebuilds', 4);
const virtuoso = argv.includes('--virtuoso');
const realLabels = argv.includes('--real-labels');
const say = (text) => process.stderr.write(`bench:rebuild: ${text}\n`);
const measured = measuredAt();
const began = Date.now();
const file = `tmp/bench/synthetic-${concepts}${realLabels ? '-real-labels' : ''}.nt.gz`;
if (!sample && !existsSync(file))
  execFileSync(
    process.execPath,
    [
      'bench/generate-vocabulary.mjs',
      '--concepts',
      String(concepts),
      ...(realLabels ? ['--languages', '13', '--labels', 'classification'] : []),
      '--out',
      file,
    ],
    { stdio: 'inherit' },
  );

const name = `rebuild-${sample ? 'sample' : concepts}${realLabels ? '-real-labels' : ''}${virtuoso ? '-virtuoso' : ''}`;
const snapshot = `tmp/bench/${name}.bin`;
rmSync(snapshot, { force: true });
let env = sample ? {} : { DATA_FILES: file };
if (virtuoso) {
  if (!argv.includes('--virtuoso-loaded')) {
    say(`starting Virtuoso and loading ${file}`);
    storeCommand(STORES.virtuoso.script, 'start');
    storeCommand(STORES.virtuoso.script, 'load', file);
  }
  env = { SPARQL_ENDPOINT: STORES.virtuoso.endpoint, SPARQL_GRAPH: STORES.virtuoso.graph, SPARQL_TIMEOUT_MS: '120000' };
}
env = { ...env, INDEX_SNAPSHOT: snapshot, LOG_LEVEL: 'info' };
const service = await startProcess('dist/server.js', env, { ready: true });
const first = service.memory();
say(`ready after ${(service.readyMs / 1000).toFixed(1)} s, the first build's peak ${first.peak} MB`);
const measuredRebuilds = await measureRebuilds(service, { rebuilds, say });
await service.stop();
say('a restart from the snapshot');
const restarted = await startProcess('dist/server.js', env, { ready: true });
// a restart that built its index anew (a snapshot refused) measures a build, not a restart
if (!restarted.log.includes('label index: read from the snapshot')) {
  await restarted.stop();
  throw new Error(`the restart did not read the snapshot ${snapshot}: ${restarted.log.slice(-2000)}`);
}
await sleep(35_000);
const restart = { readyMs: restarted.readyMs, ...restarted.memory() };
say(`ready from the snapshot after ${(restart.readyMs / 1000).toFixed(1)} s, ${restart.rss} MB at rest (peak ${restart.peak} MB)`);
await restarted.stop();
if (virtuoso && !argv.includes('--virtuoso-loaded')) storeCommand(STORES.virtuoso.script, 'stop');

const shape = sample
  ? 'the sample vocabulary (no data setting)'
  : `${concepts.toLocaleString('en')} synthetic concepts${realLabels ? ' in the real-label shape' : ''}`;
const saved = saveResults(name, {
  measured,
  began,
  command: `npm run bench:rebuild -- ${argv.join(' ')}`.trim(),
  setup: `The service with INDEX_SNAPSHOT, ${virtuoso ? 'reading a private Virtuoso (scripts/virtuoso.sh)' : 'on the embedded store'} with ${shape}, its defaults otherwise, ready after ${(service.readyMs / 1000).toFixed(1)} s; SIGHUP after SIGHUP, each once the index before it was in and 35 s had passed; then stopped and started again from its snapshot. RSS of the service's process (VmRSS) at rest, 35 s after each start and each rebuild; the peak is the kernel's (VmHWM), reset at each signal and read when the new index is in use, so it covers the old index answering and the new one built together.`,
  tables: [
    {
      title: 'Rebuilds',
      columns: REBUILD_COLUMNS,
      align: ['', 'right', 'right', 'right', 'right'],
      rows: rebuildTableRows({ firstPeak: first.peak, ...measuredRebuilds }),
    },
    {
      title: 'Sizing',
      before: 'The highest of the figures above: what a container must be given.',
      columns: ['', 'RSS'],
      align: ['', 'right'],
      rows: [
        ['at rest', `${Math.max(measuredRebuilds.ready, ...measuredRebuilds.rows.map((row) => row.after), restart.rss)} MB`],
        ['peak', `${Math.max(first.peak, ...measuredRebuilds.rows.map((row) => row.peak), restart.peak)} MB`],
      ],
    },
    {
      title: 'A restart from the snapshot',
      columns: ['ready after', 'RSS at rest', 'peak'],
      align: ['right', 'right', 'right'],
      rows: [[`${(restart.readyMs / 1000).toFixed(1)} s`, `${restart.rss} MB`, `${restart.peak} MB`]],
    },
  ],
});
say(`wrote ${saved}`);
writeBenchTables();
