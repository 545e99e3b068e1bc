#!/usr/bin/env node
// The docs' benchmark tables and the figures they quote, made from the results data
// (bench/results/, bench/lib/results.mjs):
//   node bench/tables.mjs           writes every results block and figure marker
//   node bench/tables.mjs --check   exits 1 where a doc is not what it would write (npm run lint)
// A block `<!-- results:NAME -->...<!-- /results:NAME -->` holds the newest run of NAME; a
// marker `<!-- figure ["NAME", "table title", "row", "column"] -->VALUE<!-- /figure -->` holds
// one of its cells. A name shown twice, a marker whose cell is not there, or a block whose
// name has no results fails. A marker `<!-- declared ["src/file.ts", "NAME", "unit"] -->VALUE<!-- /declared -->`
// holds a constant of the sources, in words (scripts/declaredValues.mjs).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cellOf, latestResults, renderResults } from './lib/results.mjs';
import { declaredValue, inWords } from '../scripts/declaredValues.mjs';

const check = process.argv.includes('--check');
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const BLOCK = /<!-- results:([\w.-]+) -->\n[^]*?<!-- \/results:\1 -->/g;
const FIGURE = /<!-- figure (\[[^\]]*\]) -->([^<]*)<!-- \/figure -->/g;
const DECLARED = /<!-- declared (\[[^\]]*\]) -->([^<]*)<!-- \/declared -->/g;

const problems = [];
const shownIn = new Map();
const cache = new Map();
const results = (name) => {
  if (!cache.has(name)) cache.set(name, latestResults(name));
  return cache.get(name);
};

for (const doc of DOCS) {
  const text = readFileSync(doc, 'utf8');
  const made = text
    .replace(BLOCK, (block, name) => {
      if (shownIn.has(name)) problems.push(`${doc}: the results "${name}" are shown in ${shownIn.get(name)} already`);
      shownIn.set(name, doc);
      const found = results(name);
      if (found === undefined) {
        problems.push(`${doc}: no results named "${name}" under bench/results/`);
        return block;
      }
      return `<!-- results:${name} -->\n\n${renderResults(found)}\n<!-- /results:${name} -->`;
    })
    .replace(FIGURE, (marker, address, value) => {
      try {
        const [name, table, row, column] = JSON.parse(address);
        const found = results(name);
        if (found === undefined) throw new Error(`no results named "${name}"`);
        return `<!-- figure ${address} -->${cellOf(found, name, table, row, column)}<!-- /figure -->`;
      } catch (error) {
        problems.push(`${doc}: the figure ${address} ("${value}"): ${error.message}`);
        return marker;
      }
    })
    .replace(DECLARED, (marker, address, value) => {
      try {
        const [file, name, unit] = JSON.parse(address);
        return `<!-- declared ${address} -->${inWords(declaredValue(file, name), unit)}<!-- /declared -->`;
      } catch (error) {
        problems.push(`${doc}: the declared value ${address} ("${value}"): ${error.message}`);
        return marker;
      }
    });
  if (made === text) continue;
  if (check) problems.push(`${doc}: its benchmark tables or figures are not what bench/results/ holds: run node bench/tables.mjs`);
  else writeFileSync(doc, made);
}

// the Kubernetes manifest's memory from the measured figures at 2 million concepts: its request
// holds the memory at rest, its limit the highest peak (a rebuild's, the old index answering)
const sizing = results('rebuild-2000000-virtuoso');
if (sizing !== undefined) {
  const manifest = readFileSync('deploy/kubernetes/skos-lookup.yaml', 'utf8');
  const mib = (figure) => Number(/^(\d+) MB$/.exec(figure)?.[1]);
  const [atRest, peak] = ['at rest', 'peak'].map((row) => mib(cellOf(sizing, 'rebuild-2000000-virtuoso', 'Sizing', row, 'RSS')));
  for (const [, requested, limit] of manifest.matchAll(/requests: \{[^}]*memory: (\d+)Mi \}\s*limits: \{ memory: (\d+)Mi \}/g)) {
    if (Number(requested) < atRest)
      problems.push(
        `deploy/kubernetes: a memory request of ${requested}Mi is under the ${atRest} MB at rest measured at 2 million concepts`,
      );
    if (Number(limit) < peak)
      problems.push(`deploy/kubernetes: a memory limit of ${limit}Mi is under the ${peak} MB peak measured at 2 million concepts`);
  }
}

for (const problem of problems) process.stderr.write(`bench-tables: ${problem}\n`);
if (problems.length > 0) process.exit(1);
if (check) process.stdout.write(`bench tables: ${shownIn.size} results blocks and every figure match bench/results/\n`);
