#!/usr/bin/env node
// `calibrate` on a shared vocabulary's labelled names, as an institution runs it on its own:
// scripts/labelled-names.mjs writes the file, `npm start -- calibrate FILE` (the embedded store
// on that vocabulary) prints the table. It fails where the rule in force is under the
// precision the match rule is held to, or where docs/openrefine.md's block is not what it
// printed (`--write` writes it there). CI runs it on the UNESCO Thesaurus.
//
//   node scripts/calibrate-shared.mjs [VOCABULARY] [--write]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { VOCABULARIES } from './vocabularyFiles.mjs';

/** The precision `match` is held to on every vocabulary (issue: matches a cataloguer can trust). */
const PRECISION_FLOOR = 99.5;
const DOC = 'docs/openrefine.md';

const args = process.argv.slice(2);
const write = args.includes('--write');
const which = args.find((arg) => !arg.startsWith('--')) ?? 'unesco';
const data = VOCABULARIES[which];
if (data === undefined) throw new Error(`no shared vocabulary ${which}: ${Object.keys(VOCABULARIES).join(', ')}`);

mkdirSync('tmp/calibrate', { recursive: true });
const file = `tmp/calibrate/${which}-names.csv`;
writeFileSync(
  file,
  execFileSync('node', ['scripts/labelled-names.mjs', which], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 28,
  }),
);
const report = execFileSync('npm', ['start', '--silent', '--', 'calibrate', file], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, DATA_FILES: data, LOG_LEVEL: 'warn', PORT: '1' },
  maxBuffer: 1 << 28,
});
process.stdout.write(report);

const problems = [];
const inForce = report.split('\n').find((line) => / \(in force\) \|/.test(line));
const precision = Number(/\| ([\d.]+)% \| [\d.]+% \| RECONCILE_MATCH=/.exec(inForce ?? '')?.[1]);
if (!(precision >= PRECISION_FLOOR))
  problems.push(`the rule in force matches at ${precision}% precision, under ${PRECISION_FLOOR}%: ${inForce}`);

const name = `calibrate-${which}`;
const block = `<!-- generated:${name} -->\n\`\`\`text\n$ npm start -- calibrate ${file}\n${report.trimEnd()}\n\`\`\`\n<!-- /generated:${name} -->`;
const doc = readFileSync(DOC, 'utf8');
const pattern = new RegExp(`<!-- generated:${name} -->[\\s\\S]*?<!-- /generated:${name} -->`);
if (!pattern.test(doc)) problems.push(`${DOC} has no <!-- generated:${name} --> block`);
else if (write)
  writeFileSync(
    DOC,
    doc.replace(pattern, () => block),
  );
else if (doc.match(pattern)?.[0] !== block)
  problems.push(`${DOC}'s ${name} block is not what calibrate printed: run node scripts/calibrate-shared.mjs ${which} --write`);

for (const problem of problems) process.stderr.write(`calibrate-shared: ${problem}\n`);
process.exit(problems.length === 0 ? 0 : 1);
