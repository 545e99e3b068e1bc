import type { SchemeSummary } from '../../src/domain/Concept.js';
import { vocabulariesOf } from '../../src/skosmos/SkosmosVocabularies.js';

// A vocabulary's id: the one VOCABULARY_IDS gives its scheme, else the last segment of the
// scheme's IRI, told apart from every other id by -2, -3 in the order of the IRIs.

const scheme = (uri: string): SchemeSummary => ({ uri, prefLabel: uri, concepts: 1, topConcepts: 0, languages: ['en'] });
const ids = (uris: string[], given: Array<[string, string]> = []): Record<string, string> =>
  Object.fromEntries(
    vocabulariesOf(uris.map(scheme), { vocabularyIds: new Map(given.map(([id, uri]) => [uri, id])), defaultLang: 'en' }).map(
      ({ scheme: uri, id }) => [uri, id],
    ),
  );

describe("the Skosmos API's vocabulary ids", () => {
  test('come from the last segment of the scheme IRI, and the same schemes always get the same ids', () => {
    const schemes = ['http://www.yso.fi/onto/yso/', 'http://zbw.eu/stw', 'http://example.org/a/stw', 'urn:x:Thesaurus%20One'];
    const expected = {
      'http://www.yso.fi/onto/yso/': 'yso',
      'http://zbw.eu/stw': 'stw-2',
      'http://example.org/a/stw': 'stw',
      'urn:x:Thesaurus%20One': 'thesaurus-20one',
    };
    expect(ids(schemes)).toEqual(expected);
    expect(ids([...schemes].reverse())).toEqual(expected);
  });

  test('are those VOCABULARY_IDS gives, and no derived id takes one of them', () => {
    expect(ids(['http://zbw.eu/stw', 'http://example.org/a/econ', 'http://example.org/b/econ'], [['econ', 'http://zbw.eu/stw']])).toEqual({
      'http://zbw.eu/stw': 'econ',
      'http://example.org/a/econ': 'econ-2',
      'http://example.org/b/econ': 'econ-3',
    });
  });
});
