#!/usr/bin/env node
// node bench/save-hostile-results.mjs ROWS: the figures of one `npm run test:hostile` (a JSON
// line a run, written where HOSTILE_RESULTS names) saved as bench/results/hostile/, and
// docs/RELIABILITY.md's table written from them (scripts/test-hostile.sh calls this when
// HOSTILE_SAVE=1).
import { readFileSync } from 'node:fs';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';

const [file, began] = process.argv.slice(2);
const runs = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const count = (statuses, test) =>
  Object.entries(statuses)
    .filter(([key]) => test(key))
    .reduce((sum, [, n]) => sum + n, 0);
const named = (statuses) =>
  Object.entries(statuses)
    .filter(([key]) => key.startsWith('400 '))
    .sort(([, a], [, b]) => b - a)
    .map(([key, n]) => `${key.slice(4)} ${n.toLocaleString('en')}`)
    .join(', ');
const other4xx = (statuses) =>
  Object.entries(statuses)
    .filter(([key]) => /^4\d\d$/.test(key) && key !== '400')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${n.toLocaleString('en')}`)
    .join(', ');
const backendOf = (run) =>
  run.store === 'embedded'
    ? `embedded, ${run.labelIndex === 'off' ? 'no index' : 'label index'}`
    : `Virtuoso, ${run.dialect === 'virtuoso' ? 'virtuoso dialect' : 'generic'}`;
const rest = (statuses) =>
  Object.entries(statuses)
    .filter(([key]) => !/^\d\d\d\b/.test(key) && key !== 'abandoned')
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');

const saved = saveResults('hostile', {
  measured: measuredAt(),
  began: Number(began ?? Date.now()),
  command: 'HOSTILE_SAVE=1 npm run test:hostile',
  setup: `${runs.length} runs of test/hostile/hostileInput.hostile.ts (scripts/test-hostile.sh), each ${runs[0].requests.toLocaleString('en')} generated requests, 8 at a time, each on its own raw socket.`,
  tables: [
    {
      columns: [
        'backend',
        'requests',
        'time',
        'slowest',
        '200',
        '400 (by what it names)',
        'other 4xx',
        'other answers',
        'abandoned',
        'failures',
        'store',
      ],
      align: ['', 'right', 'right', 'right', 'right', '', '', '', 'right', 'right', ''],
      rows: runs.map((run) => [
        backendOf(run),
        run.requests.toLocaleString('en'),
        `${run.seconds.toFixed(1)} s`,
        `${run.slowest} ms`,
        count(run.statuses, (key) => key === '200').toLocaleString('en'),
        named(run.statuses),
        other4xx(run.statuses),
        [`204 ${count(run.statuses, (key) => key === '204')}`, `304 ${count(run.statuses, (key) => key === '304')}`, rest(run.statuses)]
          .filter((cell) => !/ 0$/.test(cell) && cell !== '')
          .join(', '),
        count(run.statuses, (key) => key === 'abandoned').toLocaleString('en'),
        String(run.failures),
        `${run.triples[1].toLocaleString('en')} triples, ${run.unchanged && run.triples[0] === run.triples[1] ? 'unchanged' : '**changed**'}`,
      ]),
    },
  ],
});
process.stderr.write(`hostile: wrote ${saved}\n`);
writeBenchTables();
