// The request lists of the benchmark, from the vocabulary's own N-Triples: concept URIs for
// /get, whole words of prefLabels for /search, and the same words typed letter by letter
// (1 to 8 letters) for /suggest. Deterministic: the same file gives the same lists.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

const CONCEPT =
  /^<([^>]+)> <http:\/\/www\.w3\.org\/1999\/02\/22-rdf-syntax-ns#type> <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#Concept> \.$/;
// with a language, or none (an authority file's names have none)
const PREF_LABEL = /^<([^>]+)> <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#prefLabel> "((?:[^"\\]|\\.)*)"(?:@([a-zA-Z-]+))? \.$/;
const IN_SCHEME = /^<[^>]+> <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#inScheme> <([^>]+)> \.$/;

/** Every `step`-th item, starting at `offset`, `count` of them at most. */
const spread = (items, count, offset = 0) => {
  const step = Math.max(1, Math.floor(items.length / count));
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[(offset + i * step) % items.length]);
};

/**
 * A copy of `text` of its own: a string cut from a line is a view on the chunk the line was cut
 * from, and holding it holds that whole chunk (at ten million concepts, the whole file).
 */
const own = (text) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * Reads the file line by line (a vocabulary of millions of concepts is larger than a string can be).
 * @param {string} file N-Triples, gzipped or not
 * @returns {Promise<{ concepts: number, uris: string[], words: string[], commonest: string[], scheme: string | undefined }>} URIs of skos:Concepts with a prefLabel, the distinct words (3 letters or more) of their prefLabels, the 50 of those words that the most prefLabels hold, and the first scheme a concept is in
 */
export async function readVocabulary(file) {
  let input = createReadStream(file);
  if (file.endsWith('.gz')) input = input.pipe(createGunzip());
  const concepts = new Set();
  const labels = [];
  let scheme;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    const concept = CONCEPT.exec(line);
    if (concept !== null) concepts.add(own(concept[1]));
    const label = PREF_LABEL.exec(line);
    if (label !== null) labels.push([own(label[1]), own(label[2])]);
    scheme ??= IN_SCHEME.exec(line)?.[1];
  }
  const uris = new Set();
  // each word, and how many prefLabels hold it
  const words = new Map();
  for (const [uri, text] of labels) {
    if (!concepts.has(uri)) continue;
    uris.add(uri);
    for (const word of new Set((text.match(/\p{L}{3,}/gu) ?? []).map((w) => w.toLowerCase()))) {
      const count = words.get(word);
      if (count === undefined) words.set(own(word), 1);
      else words.set(word, count + 1);
    }
  }
  const commonest = [...words]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 50)
    .map(([word]) => word);
  return { concepts: uris.size, uris: [...uris], words: [...words.keys()], commonest, scheme };
}

const get = (uris) => `/get?${uris.map((uri) => `uri=${encodeURIComponent(uri)}`).join('&')}`;
const find = (endpoint, q) => `/${endpoint}?q=${encodeURIComponent(q)}`;
/** A word typed letter by letter: its first 1, 2, ... 8 letters. */
export const keystrokes = (word) => Array.from({ length: Math.min(8, [...word].length) }, (_, i) => [...word].slice(0, i + 1).join(''));

/**
 * Each workload's requests: `uncached` is a long list (the service runs with its cache off
 * for those rows), `cached` a small working set asked again and again (cache on, warmed).
 * `suggestByLength[n]` are the /suggest requests of n letters.
 */
export function workloads({ uris, words }) {
  const manyUris = spread(uris, 20000, 11);
  const manyWords = spread(words, 4000, 5);
  const streams = manyWords.map(keystrokes);
  const groups = (list, size) => Array.from({ length: Math.floor(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));
  const all = {
    get1: { title: '/get, 1 URI', uncached: manyUris.map((uri) => get([uri])) },
    get10: { title: '/get, 10 URIs', uncached: groups(manyUris, 10).map(get) },
    search: { title: '/search, a word', uncached: manyWords.map((word) => find('search', word)) },
    suggest: { title: '/suggest, keystrokes', uncached: streams.flat().map((q) => find('suggest', q)) },
  };
  for (const workload of Object.values(all)) workload.cached = workload.uncached.slice(0, 200);
  const suggestByLength = Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      i + 1,
      streams.flatMap((stream) => (stream[i] === undefined ? [] : [find('suggest', stream[i])])),
    ]),
  );
  return { workloads: all, suggestByLength };
}
