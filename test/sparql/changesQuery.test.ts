import { readFileSync } from 'node:fs';

const QUERIES = new URL('../../queries/generic/', import.meta.url).pathname;
const iris = (file: string): Set<string> => {
  const text = readFileSync(QUERIES + file, 'utf8');
  const prefixes = Object.fromEntries([...text.matchAll(/^PREFIX (\w+): <([^>]+)>/gm)].map((match) => [match[1], match[2]]));
  const names = [...text.replace(/^#.*$/gm, '').matchAll(/\b(skos|skosxl|rdfs|owl):(\w+)/g)].map((match) => `${prefixes[match[1] as string] as string}${match[2] as string}`);
  return new Set(names);
};

describe('changes.rq', () => {
  test('watches every property that labels.rq reads', () => {
    const watched = iris('changes.rq');
    const read = [...iris('labels.rq')].filter((iri) => !iri.endsWith('#Concept')); // the concept type is a placeholder's default
    expect(read.filter((iri) => !watched.has(iri))).toEqual([]);
  });
});
