#!/usr/bin/env node
// The label index's build alone, without a store: the triples a store would send for a
// synthetic vocabulary, read from its N-Triples, handed to the builder as the reads hand
// them (types, and every property the index keeps), laid out on the worker thread as the
// service does, and queried once. Prints the time of each step and the
// process's resident memory (now and at its peak), to find where the build's memory goes,
// then what the index holds piece by piece (MB, and bytes a label).
//   MALLOC_MMAP_THRESHOLD_=131072 node --expose-gc bench/index-memory.mjs [FILE] [--save NAME [--label TEXT]] [--snapshot OUT]
// (the variable as `npm start` sets it: src/memoryAdvice.ts). FILE: N-Triples, optionally
// gzipped (tmp/bench/synthetic-2000000.nt.gz by default); --save NAME keeps the figures as
// bench/results/index-memory-NAME/ (BENCHMARKS.md's memory tables are made from them), its
// tables titled by TEXT; --snapshot OUT writes the index as a snapshot (INDEX_SNAPSHOT's
// format), for bench/column-in-index.mjs to query without a store.
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { LabelIndexBuilder, PROPERTIES } from '../dist/index/LabelIndexBuilder.js';
import { SNAPSHOT_FORMAT, writeSnapshot } from '../dist/index/IndexSnapshot.js';
import { layOut } from '../dist/index/layOut.js';
import { measuredAt, saveResults, writeBenchTables } from './lib/results.mjs';

const measured = measuredAt();
const began = Date.now();
const argv = process.argv.slice(2);
const valueOf = (name) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const saveAs = valueOf('save');
const snapshotTo = valueOf('snapshot');
const file = argv.find((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? 'tmp/bench/synthetic-2000000.nt.gz';
/** What the tables call the vocabulary (--label, or the file's name). */
const label = valueOf('label') ?? file.replace(/^.*\//, '');
const TRIPLE = /^<([^>]+)> <([^>]+)> (?:<([^>]+)>|"((?:[^"\\]|\\.)*)"(?:@([a-zA-Z-]+))?) \.$/;
const READ = new Map(Object.entries(PROPERTIES).map(([name, iri]) => [iri, name]));
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';
const rss = () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
};
const moments = [];
/** Notes the memory at a moment of the build, and says it. */
const memory = (moment) => {
  const { rss: now, peak } = rss();
  if (moment !== undefined) moments.push([moment, now, peak]);
  return `RSS ${now} MB, peak ${peak} MB`;
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
const gatheredMs = performance.now() - started;
say(`${builder.rows} rows taken in ${Math.round(gatheredMs)} ms; ${memory('the triples gathered (every row read)')}`);
started = performance.now();
const { index } = await layOut(builder);
const { data } = index.shared;
say(`laid out on the worker thread; ${memory()}`);
const laidOutMs = performance.now() - started;
say(`laid out in ${Math.round(laidOutMs)} ms; ${memory('laid out (the index whole, the gathered rows let go)')}`);
say(`index: ${JSON.stringify(index.stats)}, ${Math.round(index.stats.bytes / index.stats.labels)} bytes a label`);
globalThis.gc?.();
say(`after a garbage collection: ${memory('at rest, after a garbage collection')}`);

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

// The index piece by piece: each piece's arrays (LabelIndexData.ts says what each holds).
const PIECES = [
  ['labels shown: their text as written, as token codes', ['displayText', 'displayTextOffsets', 'displayTokenText', 'displayTokenOffsets']],
  ['labels matched: their folded text, as word codes', ['entryWordCodes', 'entryWordOffsets', 'wordOfCode']],
  ['postings: the labels holding each word', ['postings', 'postingOffsets']],
  ['words: each distinct folded word once', ['wordText', 'wordOffsets']],
  ['per label: concept, language, length, words', ['entryConcept', 'entryLanguage', 'entryLength', 'entryWords']],
  ['per label shown: concept, kind, language', ['displayOffsets', 'displayKind', 'displayLanguage']],
  ['orders: by text, by filing form', ['textOrder', 'filingOrder']],
  ['concepts: IRIs', ['conceptText', 'conceptOffsets']],
  ['notations', ['notationText', 'notationOffsets', 'notationConcept', 'conceptNotationOffsets', 'conceptNotations']],
];
const placed = new Set(PIECES.flatMap(([, names]) => names));
PIECES.push(['links, schemes, browsing orders, other resources', Object.keys(a).filter((name) => !placed.has(name))]);
const labels = index.stats.labels;
const pieces = PIECES.map(([piece, names]) => [piece, names.reduce((sum, name) => sum + a[name].byteLength, 0)]);
const arraysBytes = pieces.reduce((sum, [, bytes]) => sum + bytes, 0);
pieces.push(['search levels of the orders and postings (range minima)', index.stats.bytes - arraysBytes]);
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
for (const [piece, bytes] of pieces) say(`${piece}: ${mb(bytes)}, ${(bytes / labels).toFixed(1)} bytes a label`);
if (snapshotTo !== undefined) {
  const fingerprint = JSON.stringify({ built: 'bench/index-memory.mjs', file: file.replace(/^.*\//, '') });
  const bytes = await writeSnapshot(snapshotTo, data, { format: SNAPSHOT_FORMAT, fingerprint, built: new Date().toISOString() });
  say(`wrote ${snapshotTo}: ${mb(bytes)}`);
}
if (saveAs !== undefined) {
  const saved = saveResults(`index-memory-${saveAs}`, {
    measured,
    began,
    command: `MALLOC_MMAP_THRESHOLD_=131072 node --expose-gc bench/index-memory.mjs ${file.replace(/^.*\//, '…/')} --save ${saveAs}${valueOf('label') === undefined ? '' : ` --label '${label}'`}`,
    setup: `The label index built from ${file.replace(/^.*\//, '')} without a store (the triples read from the file and handed to the builder as the store's reads hand them, laid out on a worker thread as the service does): ${index.stats.concepts.toLocaleString('en')} concepts, ${labels.toLocaleString('en')} labels, ${index.stats.words.toLocaleString('en')} distinct words.`,
    tables: [
      {
        title: `${label}: the build`,
        columns: ['moment', 'RSS', 'peak RSS so far'],
        align: ['', 'right', 'right'],
        rows: moments.map(([moment, now, peak]) => [moment, `${now} MB`, `${peak} MB`]),
        note: `Gathered in ${(gatheredMs / 1000).toFixed(0)} s, laid out in ${(laidOutMs / 1000).toFixed(0)} s.`,
      },
      {
        title: `${label}: the index at rest, piece by piece`,
        columns: ['piece', 'size', 'bytes a label'],
        align: ['', 'right', 'right'],
        rows: [
          ...pieces.map(([piece, bytes]) => [piece, mb(bytes), (bytes / labels).toFixed(1)]),
          ['all', mb(index.stats.bytes), (index.stats.bytes / labels).toFixed(1)],
        ],
      },
    ],
  });
  say(`wrote ${saved}`);
  writeBenchTables();
}
