#!/usr/bin/env node
// node bench/column-in-index.mjs --snapshot FILE --file tmp/bench/synthetic-2000000.nt.gz [--dist DIR] [--cells 10000] [--limit 10]
//
// The reconciled column of bench/reconcile-column.mjs (the same names: English prefLabels
// spread over the file, every other one with a letter changed in its longest word) on the
// label index alone: no HTTP, no pool, one thread, uncached, each name's candidates as the
// pool thread makes them (IndexFinder.reconcile). The index is read from a snapshot, so that
// two builds of the service (--dist) are compared on the very same index. Prints one JSON
// line: the column's total, p50/p95/max ms a name for the exact and the misspelt names, and
// for each, how many times the concept the name was made from is among the candidates
// (`found`) and is the first or scores as the first does (`first`: an authority file names
// two people alike).
import { resolve } from 'node:path';
import { columnCells } from './lib/columnNames.mjs';
import { percentile } from './lib/measure.mjs';
import { snapshotFinder } from './lib/snapshotFinder.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const snapshot = option('snapshot');
const file = option('file');
const dist = resolve(option('dist', 'dist'));
const cells = Number(option('cells', 10000));
const limit = Number(option('limit', 10));
if (snapshot === undefined || file === undefined) throw new Error('--snapshot and --file are required');
const { finder } = await snapshotFinder(snapshot, dist);

const names = await columnCells(file, cells);

const times = [[], []];
const meant = [
  { found: 0, first: 0 },
  { found: 0, first: 0 },
];
const began = performance.now();
for (let i = 0; i < names.length; i++) {
  const t = performance.now();
  const [{ candidates }] = await finder.reconcile([{ q: names[i].name, filter: {}, limit, display: 'en' }]);
  times[i % 2].push(performance.now() - t);
  const at = candidates.findIndex(({ uri }) => uri === names[i].uri);
  if (at >= 0) meant[i % 2].found++;
  if (at >= 0 && candidates[at].score === candidates[0].score) meant[i % 2].first++;
}
const total = performance.now() - began;
const round = (n) => Math.round(n * 100) / 100;
const figures = (list) => {
  const sorted = list.sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1]) };
};
process.stdout.write(
  `${JSON.stringify({ names: names.length, limit, seconds: round(total / 1000), exact: { ...figures(times[0]), ...meant[0] }, misspelt: { ...figures(times[1]), ...meant[1] } })}\n`,
);
