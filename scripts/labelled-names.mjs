#!/usr/bin/env node
// A labelled set of names for `skos-lookup calibrate`, made from a shared vocabulary: every
// sampled concept's prefLabel, its slips (scripts/messyNames.mjs) and its near-homonyms, with
// the concept's IRI; a namesake (a label several concepts carry) with its broader concept's
// label in a `broader` column. Names several concepts carry alone are left out (no single
// answer). CSV on stdout.
//
//   node scripts/labelled-names.mjs VOCABULARY [--sample 500]
//   VOCABULARY: a key of scripts/vocabularyFiles.mjs (unesco, stw, yso, uat, silknow, yso-cicero) or a file
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { labelledNames } from './relevanceReconcile.mjs';
import { VOCABULARIES, inflector, readVocabulary } from './vocabularyFiles.mjs';

const [which, ...rest] = process.argv.slice(2);
const sampleAt = rest.indexOf('--sample');
const sampleSize = sampleAt < 0 ? 500 : Number(rest[sampleAt + 1]);
const file = VOCABULARIES[which] ?? which;
if (file === undefined || !existsSync(file)) {
  process.stderr.write(`labelled-names: no vocabulary ${which ?? ''} (one of ${Object.keys(VOCABULARIES).join(', ')}, or a file)\n`);
  process.exit(2);
}
execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
const { chooseLabel } = await import('../dist/domain/chooseLabel.js');
const { foldText } = await import('../dist/domain/foldedLetter.js');
const { wordsOf } = await import('../dist/domain/wordsOf.js');
const { stemOf } = await import('../dist/domain/stems.js');
const { isOneTypo } = await import('../dist/domain/reconciliation.js');

const vocabulary = readVocabulary(file);
const step = Math.max(1, Math.floor(vocabulary.length / sampleSize));
const sample = vocabulary.filter((_, i) => i % step === 0);
const normalized = (text) => wordsOf(text).map(foldText).join(' ');
const usable = (q) => q.trim() !== '' && [...q.trim()].length <= 200;
const names = labelledNames(vocabulary, sample, {
  chooseLabel,
  normalized,
  inflected: inflector({ wordsOf, stemOf, foldText }),
  usable,
  wordsOf,
  isOneTypo,
});

const field = (text) => (/[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text);
const lines = ['name,iri,broader'];
for (const name of names) {
  const broader = name.properties?.find((p) => p.pid === 'broader' && typeof p.v === 'string')?.v;
  // one answer each: a label several concepts carry only with its broader concept to tell them apart
  if (name.ties > 1 && broader === undefined) continue;
  if (name.properties !== undefined && broader === undefined) continue; // the reconciled-cell form of the property: not a CSV column
  lines.push([name.q, name.uri, broader ?? ''].map(field).join(','));
}
process.stdout.write(`${lines.join('\n')}\n`);
process.stderr.write(`labelled-names: ${lines.length - 1} names from ${sample.length} concepts of ${file}\n`);
