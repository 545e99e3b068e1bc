#!/usr/bin/env node
// /search's worst case on the label index alone (no HTTP, no store, one thread): the 50
// words that the most labels hold, beside 200 words picked across the vocabulary, each
// searched with `count` 10 and 100 (uncached: the index answers each). The index is read from
// a snapshot (INDEX_SNAPSHOT of a service), so that two builds of the service (--dist) are
// compared on the very same index. Prints p50, p95 and max in ms per mix.
//   node bench/common-words.mjs --snapshot tmp/bench/snap-2m.bin [--dist dist] [--rounds 3]
import { resolve } from 'node:path';
import { percentile } from './lib/measure.mjs';
import { snapshotFinder } from './lib/snapshotFinder.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const snapshot = option('snapshot', 'tmp/bench/snap-2m.bin');
const dist = resolve(option('dist', 'dist'));
const rounds = Number(option('rounds', '3'));
const { index, finder } = await snapshotFinder(snapshot, dist);

// words by how many labels hold them
const words = [];
for (let w = 0; w < index.stats.words; w++) {
  const [from, to] = index.postingRange(w, w + 1);
  words.push([index.word(w), to - from]);
}
const commonest = [...words].sort((a, b) => b[1] - a[1]).slice(0, 50);
const step = Math.max(1, Math.floor(words.length / 200));
const spread = words.filter((_, i) => i % step === 0).slice(0, 200);
console.log(
  `${index.stats.concepts} concepts, ${index.stats.labels} labels; commonest: ${commonest
    .slice(0, 5)
    .map(([w, n]) => `${w} (${n})`)
    .join(', ')}`,
);

async function time(mix, count) {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const [q] of mix) {
      const started = performance.now();
      await finder.search({ q, count, page: 1 });
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

const ms = (value) => value.toFixed(2);
for (const [name, mix] of [
  ['50 commonest words', commonest],
  ['200 words across the vocabulary', spread],
]) {
  for (const count of [10, 100]) {
    const { p50, p95, max } = await time(mix, count);
    console.log(`| ${name} | count=${count} | ${ms(p50)} | ${ms(p95)} | ${ms(max)} |`);
  }
}
