#!/usr/bin/env node
// npm run bench:rebuild [-- --concepts 200000 --rebuilds 4]
//
// The service's resident memory through rebuilds of its label index, started as `npm start`
// starts it (dist/server.js, MALLOC_MMAP_THRESHOLD_ set) on the embedded store with a synthetic
// vocabulary (bench/generate-vocabulary.mjs, made under tmp/bench/ once): RSS once ready, then
// for each SIGHUP the peak while the old index answers and the new one is built (sampled every
// 50 ms) and the RSS at rest 35 s after the new index is in (after the collections the service
// schedules once an index is replaced). Saves bench/results/rebuild-<concepts>/ and writes the
// table in docs/large-vocabularies.md. Figures, not pass/fail: this machine is shared.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';
import { startProcess } from './lib/processes.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const concepts = option('concepts', 200_000);
const rebuilds = option('rebuilds', 4);
const say = (text) => process.stderr.write(`bench:rebuild: ${text}\n`);
const measured = measuredAt();
const began = Date.now();
const file = `tmp/bench/synthetic-${concepts}.nt.gz`;
if (!existsSync(file))
  execFileSync(process.execPath, ['bench/generate-vocabulary.mjs', '--concepts', String(concepts), '--out', file], { stdio: 'inherit' });

const service = await startProcess('dist/server.js', { DATA_FILES: file, LOG_LEVEL: 'info' }, { ready: true });
const builds = () => (service.log.match(/label index: \d+ concepts/g) ?? []).length;
// the log after the start is read and dropped by startProcess: follow it here
let log = '';
service.child.stderr.on('data', (chunk) => (log += chunk));
const built = () => builds() + (log.match(/label index: \d+ concepts/g) ?? []).length;
const first = service.memory();
await sleep(5000);
const ready = service.memory().rss;
say(`ready: ${ready} MB at rest, the first build's peak ${first.peak} MB`);
const rows = [['once ready', '', `${first.peak} MB`, `${ready} MB`]];
let rest = ready;
for (let i = 1; i <= rebuilds; i++) {
  const before = built();
  let peak = service.memory().rss;
  const sampling = setInterval(() => (peak = Math.max(peak, service.memory().rss)), 50);
  service.child.kill('SIGHUP');
  while (built() === before) await sleep(50);
  clearInterval(sampling);
  await sleep(35_000);
  const after = service.memory().rss;
  say(`rebuild ${i}: peak ${peak} MB (at rest before: ${rest} MB), at rest after: ${after} MB`);
  rows.push([`rebuild ${i}`, `${rest} MB`, `${peak} MB`, `${after} MB`]);
  rest = after;
}
await service.stop();

const saved = saveResults(`rebuild-${concepts}`, {
  measured,
  began,
  command: `npm run bench:rebuild -- --concepts ${concepts} --rebuilds ${rebuilds}`,
  setup: `The service on the embedded store with ${concepts.toLocaleString('en')} synthetic concepts, its defaults otherwise; SIGHUP after SIGHUP, each once the index before it was in and 35 s had passed. RSS of the service's process (VmRSS), the peak sampled every 50 ms from the signal to the new index in use.`,
  tables: [
    {
      columns: ['', 'RSS at rest before', 'peak', 'RSS at rest after'],
      align: ['', 'right', 'right', 'right'],
      rows,
    },
  ],
});
say(`wrote ${saved}`);
writeBenchTables();
