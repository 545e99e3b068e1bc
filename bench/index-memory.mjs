#!/usr/bin/env node
// The label index's build alone, without a store: the rows a store would send for a
// synthetic vocabulary, read from its N-Triples (every concept is of skos:Concept there),
// handed to the builder, laid out and queried once. Prints the time of each step and the
// process's resident memory (now and at its peak), to find where the build's memory goes.
//   node bench/index-memory.mjs [tmp/bench/synthetic-2000000.nt.gz]
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { LabelIndex } from '../dist/index/LabelIndex.js';
import { LabelIndexBuilder } from '../dist/index/LabelIndexBuilder.js';

const file = process.argv[2] ?? 'tmp/bench/synthetic-2000000.nt.gz';
const TRIPLE = /^<([^>]+)> <([^>]+)> (?:<([^>]+)>|"((?:[^"\\]|\\.)*)"(?:@([a-zA-Z-]+))?) \.$/;
const READ = new Set(['prefLabel', 'altLabel', 'hiddenLabel', 'notation', 'inScheme', 'topConceptOf'].map((name) => `http://www.w3.org/2004/02/skos/core#${name}`));
const memory = () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  return `RSS ${mb('VmRSS')} MB, peak ${mb('VmHWM')} MB`;
};
const say = (text) => process.stdout.write(`${text}\n`);

let started = performance.now();
const builder = new LabelIndexBuilder('en'); // the default language, whose prefLabels break ties
let input = createReadStream(file);
if (file.endsWith('.gz')) input = input.pipe(createGunzip());
for await (const line of createInterface({ input, crlfDelay: Infinity })) {
  const match = TRIPLE.exec(line);
  if (match === null || !READ.has(match[2])) continue;
  builder.add({ concept: match[1], property: match[2], value: match[3] ?? JSON.parse(`"${match[4]}"`), language: (match[5] ?? '').toLowerCase() });
}
say(`${builder.rows} rows taken in ${Math.round(performance.now() - started)} ms; ${memory()}`);
started = performance.now();
const index = new LabelIndex(builder.build());
say(`laid out in ${Math.round(performance.now() - started)} ms; ${memory()}`);
say(`index: ${JSON.stringify(index.stats)}, ${Math.round(index.stats.bytes / index.stats.labels)} bytes a label`);
globalThis.gc?.();
say(`after a garbage collection: ${memory()}`);
