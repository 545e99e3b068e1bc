import { readFileSync } from 'node:fs';
import { PROPERTIES } from '../../src/index/LabelIndexBuilder.js';

const QUERIES = new URL('../../queries/generic/', import.meta.url).pathname;
const iris = (file: string): Set<string> => {
  const text = readFileSync(QUERIES + file, 'utf8');
  const prefixes = Object.fromEntries([...text.matchAll(/^PREFIX (\w+): <([^>]+)>/gm)].map((match) => [match[1], match[2]]));
  const names = [...text.replace(/^#.*$/gm, '').matchAll(/\b(skos|skosxl|rdfs|owl|dcterms):(\w+)/g)].map(
    (match) => `${prefixes[match[1] as string] as string}${match[2] as string}`,
  );
  return new Set(names);
};

describe('the label index read', () => {
  test("reads every property that the store path's labels.rq reads, so that both rank alike", () => {
    const read = new Set<string>([...Object.values(PROPERTIES), ...iris('readXlLabels.rq')]);
    const storePath = [...iris('labels.rq')].filter((iri) => !iri.endsWith('#Concept')); // the concept type is a placeholder's default
    const xl = (iri: string): boolean =>
      iri.includes('skos-xl#') && read.has(iri.replace('http://www.w3.org/2008/05/skos-xl#', 'http://www.w3.org/2004/02/skos/core#'));
    expect(storePath.filter((iri) => !read.has(iri) && !xl(iri))).toEqual([]);
  });
});
