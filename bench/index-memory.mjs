#!/usr/bin/env node
// The label index's build alone, without a store: the triples a store would send for a
// synthetic vocabulary, read from its N-Triples, handed to the builder as the reads hand
// them (types, and every property the index keeps), laid out on the worker thread as the
// service does, and queried once. Prints the time of each step and the
// process's resident memory (now and at its peak), to find where the build's memory goes.
//   MALLOC_MMAP_THRESHOLD_=131072 node bench/index-memory.mjs [tmp/bench/synthetic-2000000.nt.gz]
// (the variable as `npm start` sets it: src/memoryAdvice.ts)
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { LabelIndexBuilder, PROPERTIES } from '../dist/index/LabelIndexBuilder.js';
import { layOut } from '../dist/index/layOut.js';

const file = process.argv[2] ?? 'tmp/bench/synthetic-2000000.nt.gz';
const TRIPLE = /^<([^>]+)> <([^>]+)> (?:<([^>]+)>|"((?:[^"\\]|\\.)*)"(?:@([a-zA-Z-]+))?) \.$/;
const READ = new Map(Object.entries(PROPERTIES).map(([name, iri]) => [iri, name]));
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';
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
  if (match === null) continue;
  if (match[2] === TYPE && match[3] === CONCEPT) builder.typed(match[1]);
  const property = READ.get(match[2]);
  if (property !== undefined)
    builder.triple(property, match[1], match[3] ?? JSON.parse(`"${match[4]}"`), (match[5] ?? '').toLowerCase(), match[3] === undefined);
}
say(`${builder.rows} rows taken in ${Math.round(performance.now() - started)} ms; ${memory()}`);
started = performance.now();
const { index } = await layOut(builder);
const { data } = index.shared;
say(`laid out on the worker thread; ${memory()}`);
say(`laid out in ${Math.round(performance.now() - started)} ms; ${memory()}`);
say(`index: ${JSON.stringify(index.stats)}, ${Math.round(index.stats.bytes / index.stats.labels)} bytes a label`);
globalThis.gc?.();
say(`after a garbage collection: ${memory()}`);

// What the index holds only so that a result can be shown without the store: altLabels and
// scope notes among the labels shown, the related and broader lists, notations by concept,
// the resources that are no concept (link targets, schemes).
const a = data.arrays;
let shownOnly = [
  'conceptNotationOffsets',
  'conceptNotations',
  'otherText',
  'otherOffsets',
  'relatedOffsets',
  'related',
  'broaderOffsets',
  'broader',
  'schemeResource',
].reduce((sum, name) => sum + a[name].byteLength, 0);
for (let i = 0; i < a.displayKind.length; i++) {
  if (a.displayKind[i] >= 2) shownOnly += a.displayTextOffsets[i + 1] - a.displayTextOffsets[i] + 4 + 1 + 2;
}
say(
  `of which for results only (altLabels, scope notes, related, broader, notations by concept, other resources): ${Math.round(shownOnly / 1e6)} MB, ${Math.round(shownOnly / index.stats.concepts)} bytes a concept`,
);
