#!/usr/bin/env node
// Names from outside a vocabulary, for `skos-lookup calibrate`: the English prefLabels of one
// shared vocabulary (a sample of about 1,500 concepts) that no label of another is, once
// folded, each with an empty `iri` (nothing should be matched). What a column holding names
// the vocabulary lacks does to a match rule (docs/limitations.md). CSV on stdout.
//
//   node scripts/outside-names.mjs FROM AGAINST      e.g. stw unesco
import { execFileSync } from 'node:child_process';
import { VOCABULARIES, readVocabulary } from './vocabularyFiles.mjs';

const [from, against] = process.argv.slice(2);
if (VOCABULARIES[from] === undefined || VOCABULARIES[against] === undefined) {
  process.stderr.write(`outside-names: FROM and AGAINST must be shared vocabularies: ${Object.keys(VOCABULARIES).join(', ')}\n`);
  process.exit(2);
}
execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
const { wordsOf } = await import('../dist/domain/wordsOf.js');
const { foldText } = await import('../dist/domain/foldedLetter.js');
const folded = (text) => wordsOf(text).map(foldText).join(' ');
const known = new Set(readVocabulary(VOCABULARIES[against]).flatMap((c) => [...c.pref, ...c.alt, ...c.hidden].map((l) => folded(l.value))));
const concepts = readVocabulary(VOCABULARIES[from]);
const step = Math.max(1, Math.floor(concepts.length / 1500));
const names = concepts
  .filter((_, i) => i % step === 0)
  .flatMap((c) => c.pref.filter((l) => l.language === 'en').map((l) => l.value))
  .filter((name) => !known.has(folded(name)));
const field = (text) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
process.stdout.write(`name,iri\n${names.map((name) => `${field(name)},`).join('\n')}\n`);
process.stderr.write(`outside-names: ${names.length} English prefLabels of ${from} that ${against} has no label for\n`);
