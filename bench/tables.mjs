#!/usr/bin/env node
// The docs' benchmark tables and the figures they quote, made from the results data
// (bench/results/, bench/lib/results.mjs):
//   node bench/tables.mjs           writes every results block and figure marker
//   node bench/tables.mjs --check   exits 1 where a doc is not what it would write (npm run lint)
// A block `<!-- results:NAME -->...<!-- /results:NAME -->` holds the newest run of NAME; a
// marker `<!-- figure ["NAME", "table title", "row", "column"] -->VALUE<!-- /figure -->` holds
// one of its cells. A name shown twice, a marker whose cell is not there, or a block whose
// name has no results fails.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cellOf, latestResults, renderResults } from './lib/results.mjs';

const check = process.argv.includes('--check');
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const BLOCK = /<!-- results:([\w.-]+) -->\n[^]*?<!-- \/results:\1 -->/g;
const FIGURE = /<!-- figure (\[[^\]]*\]) -->([^<]*)<!-- \/figure -->/g;

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
    });
  if (made === text) continue;
  if (check) problems.push(`${doc}: its benchmark tables or figures are not what bench/results/ holds: run node bench/tables.mjs`);
  else writeFileSync(doc, made);
}

for (const problem of problems) process.stderr.write(`bench-tables: ${problem}\n`);
if (problems.length > 0) process.exit(1);
if (check) process.stdout.write(`bench tables: ${shownIn.size} results blocks and every figure match bench/results/\n`);
