#!/usr/bin/env node
// What a query costs when it goes to a thread of the worker pool instead of being answered
// where it is asked: the same /suggest and /search asked of an IndexFinder on this thread
// and through an IndexPool of one thread over the same index (shared memory), one at a
// time. Prints the median and p95 in microseconds of each, and their difference: the
// message's round trip (the request copied there, the answer copied back, two wake-ups).
//   node bench/pool-round-trip.mjs [--concepts 20000] [--rounds 2000]
import { shareArrays } from '../dist/index/sharedArrays.js';
import { LabelIndex } from '../dist/index/LabelIndex.js';
import { LabelIndexBuilder } from '../dist/index/LabelIndexBuilder.js';
import { IndexFinder } from '../dist/lookup/memory/IndexFinder.js';
import { IndexPool } from '../dist/lookup/threads/IndexPool.js';
import { percentile } from './lib/measure.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const concepts = Number(option('concepts', 20000));
const rounds = Number(option('rounds', 2000));
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'si', 'to', 'vu', 'ze', 'bra', 'dor', 'fen', 'gil', 'hut', 'jam'];
const word = (n) => [n % 16, (n >> 4) % 16, (n >> 8) % 16].map((i) => SYLLABLES[i]).join('');

const builder = new LabelIndexBuilder('en');
for (let i = 0; i < concepts; i++) {
  const concept = `http://example.org/c${i}`;
  builder.add({ concept, property: `${SKOS}prefLabel`, value: `${word(i)} ${word(i * 7 + 3)}`, language: 'en' });
}
const data = shareArrays(builder.build());
const index = new LabelIndex(data);
const local = new IndexFinder(index, 'en');
const pool = IndexPool.create(1);
if (pool === undefined) throw new Error('the pool needs the build: npm run build');
const generation = pool.install(index, 'en');

async function time(ask) {
  for (let i = 0; i < 200; i++) await ask(i); // warm
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    await ask(i);
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const suggest = (i) => ({ q: word(i).slice(0, 3), count: 10, page: 1 });
const search = (i) => ({ q: word(i), count: 10, page: 1 });
const rows = [
  ['/suggest, 3 letters', await time((i) => local.suggest(suggest(i))), await time((i) => pool.call(generation, 'suggest', [suggest(i)]))],
  ['/search, a word', await time((i) => local.search(search(i))), await time((i) => pool.call(generation, 'search', [search(i)]))],
];
await pool.close();
console.log(`Pool round trip, ${concepts} concepts, ${rounds} rounds each, one at a time (µs):\n`);
console.log('| query | on this thread p50 / p95 | on a pool thread p50 / p95 | difference at p50 |');
console.log('|---|---|---|---|');
for (const [name, here, there] of rows)
  console.log(
    `| ${name} | ${here.p50.toFixed(0)} / ${here.p95.toFixed(0)} | ${there.p50.toFixed(0)} / ${there.p95.toFixed(0)} | ${(there.p50 - here.p50).toFixed(0)} |`,
  );
