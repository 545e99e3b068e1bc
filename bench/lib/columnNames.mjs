// The names of the benchmark's reconciled column: English prefLabels (or those without a
// language, as an authority file's names are) spread over an N-Triples
// file (every 97th), every other one with one letter changed in its longest word of five
// letters or more (the typo lookups are the costly part).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** `cells` names from `file` (gzipped or not), exact and misspelt in turn. */
export async function columnNames(file, cells) {
  return (await columnCells(file, cells)).map(({ name }) => name);
}

/** `columnNames`, each with the concept whose prefLabel it was made from (`uri`): what a cataloguer means by it. */
export async function columnCells(file, cells) {
  const labels = [];
  let input = createReadStream(file);
  if (file.endsWith('.gz')) input = input.pipe(createGunzip());
  let seen = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    const match = /^<([^>]*)> <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#prefLabel> "((?:[^"\\]|\\.)*)"(?:@en)? \.$/.exec(line);
    if (match === null) continue;
    if (seen++ % 97 === 0) labels.push({ uri: match[1], label: JSON.parse(`"${match[2]}"`) });
    if (labels.length >= cells) break;
  }
  return labels.map(({ uri, label }, i) => ({ uri, name: i % 2 === 0 ? label : typo(label) }));
}

/** A label with one letter changed in the middle of its longest word of five letters or more (to `x`, or `q` where it is one). */
export function typo(label) {
  const word = label
    .split(/\s+/)
    .filter((w) => /^\p{L}{5,}$/u.test(w))
    .sort((a, b) => b.length - a.length)[0];
  if (word === undefined) return label;
  const letters = [...word];
  letters[letters.length >> 1] = letters[letters.length >> 1] === 'x' ? 'q' : 'x';
  return label.replace(word, letters.join(''));
}
