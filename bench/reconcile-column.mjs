#!/usr/bin/env node
// node bench/reconcile-column.mjs --service URL --file tmp/bench/synthetic-2000000.nt.gz [--cells 10000] [--batch 10] [--parallel 1]
//
// A whole column reconciled as OpenRefine does it: `cells` names sent to /reconcile in
// batches of `batch` (OpenRefine's default is 10), one batch after the other (or `parallel`
// at a time, as OpenRefine may send several), each a form
// POST of `queries` {"q0": ..., "q9": ...}, against a service already started on the
// vocabulary of `file` with its label index in (CACHE_MAX_ENTRIES=0 for uncached figures).
// The names: the English prefLabels of concepts spread over the file, every other one with
// one letter changed in its longest word (the typo lookups are the costly part). Prints one
// JSON line: the column's total time, batches per second, p50/p95/max ms per batch, and how
// many names had a candidate. Timings go to BENCHMARKS.md, never into a test.
import { columnNames } from './lib/columnNames.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const service = option('service');
const file = option('file');
const cells = Number(option('cells', 10000));
const batchSize = Number(option('batch', 10));
const parallel = Number(option('parallel', 1));
if (service === undefined || file === undefined) throw new Error('--service and --file are required');

const names = await columnNames(file, cells);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const times = [];
let answered = 0;
const began = performance.now();
const batches = [];
for (let start = 0; start < names.length; start += batchSize) batches.push(names.slice(start, start + batchSize));
/** One client: the next batch not yet sent, until none is left (`parallel` of them at once, as OpenRefine may send them). */
async function client() {
  for (let batch = batches.shift(); batch !== undefined; batch = batches.shift()) {
    const queries = `{${batch.map((name, i) => `"q${i}":${JSON.stringify({ query: name })}`).join(',')}}`;
    const t = performance.now();
    const response = await fetch(`${service}/reconcile`, { method: 'POST', body: new URLSearchParams({ queries }) });
    if (response.status !== 200) throw new Error(`/reconcile answered ${response.status}: ${await response.text()}`);
    const body = await response.json();
    times.push(performance.now() - t);
    answered += Object.values(body).filter((r) => r.result.length > 0).length;
  }
}
await Promise.all(Array.from({ length: parallel }, client));
const seconds = (performance.now() - began) / 1000;
const round = (n) => Math.round(n * 10) / 10;
process.stdout.write(
  `${JSON.stringify({ cells: names.length, batch: batchSize, parallel, seconds: round(seconds), batchesPerSecond: round(times.length / seconds), p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(Math.max(...times)), withCandidates: answered })}\n`,
);
