import { checkIndexData } from '../../src/index/checkIndexData.js';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import rdf from '@rdfjs/data-model';
import type { LabelIndex } from '../../src/index/LabelIndex.js';
import type { FindRequest, Finder } from '../../src/lookup/Finder.js';
import { IndexBuilds } from '../../src/lookup/keeping/IndexBuilds.js';
import { IndexFinder } from '../../src/lookup/memory/IndexFinder.js';
import { StoreConcepts } from '../../src/lookup/storePath/StoreConcepts.js';
import { StoreFinder } from '../../src/lookup/storePath/StoreFinder.js';
import { createLogger } from '../../src/log.js';
import { probeXlLabels } from '../../src/sparql/probeXlLabels.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import type { SparqlStore } from '../../src/store/SparqlStore.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';
import { ForwardingStore } from '../../src/store/ForwardingStore.js';

// The label index must answer exactly as the store's queries do. Both run here over the same
// random vocabularies (labels from an alphabet rich in what folding cares about, combining
// marks that it drops and one it keeps, Devanagari's vowel sign i, among them) and the
// same random queries, and must give the same pages.

const LETTERS = [
  ..."aeiouscnlrtßæœøłéèêëüöäåçñšžıİ-' ,.&1234ΑαάΣσςБбёЁاأإآوؤةطخ",
  '\u064E',
  '\u0651',
  '\u0301',
  '\u05B8',
  'ש',
  'क',
  '\u093F',
];
const label = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 14 })
  .map((letters) => letters.join('').trim())
  .filter((text) => text !== '');
const concept = fc.record({
  pref: fc.array(fc.tuple(label, fc.constantFrom('en', 'fr', 'de', 'en-gb', '')), { minLength: 0, maxLength: 3 }),
  alt: fc.array(fc.tuple(label, fc.constantFrom('en', 'fr', '')), { maxLength: 2 }),
  hidden: fc.array(label, { maxLength: 1 }),
  scheme: fc.constantFrom('a', 'b'),
  deprecated: fc.boolean(),
});

function turtle(
  concepts: Array<{ pref: Array<[string, string]>; alt: Array<[string, string]>; hidden: string[]; scheme: string; deprecated: boolean }>,
): string {
  const literal = (text: string, lang: string): string => `${JSON.stringify(text)}${lang === '' ? '' : `@${lang}`}`;
  const lines = ['@prefix skos: <http://www.w3.org/2004/02/skos/core#> .', '@prefix owl: <http://www.w3.org/2002/07/owl#> .'];
  concepts.forEach((c, i) => {
    const s = `<http://example.org/c${i}>`;
    lines.push(`${s} a skos:Concept ; skos:inScheme <http://example.org/${c.scheme}> ; skos:notation "N${i % 7}" .`);
    if (c.deprecated) lines.push(`${s} owl:deprecated true .`);
    for (const [text, lang] of c.pref) lines.push(`${s} skos:prefLabel ${literal(text, lang)} .`);
    for (const [text, lang] of c.alt) lines.push(`${s} skos:altLabel ${literal(text, lang)} .`);
    for (const text of c.hidden) lines.push(`${s} skos:hiddenLabel ${literal(text, '')} .`);
  });
  return lines.join('\n');
}

/** The embedded store read as a streaming store is (one pass, its count checked), or as a huge one (in 16 parts). */
class ReadAsStore extends ForwardingStore {
  constructor(
    inner: EmbeddedStore,
    private readonly as: { streams: boolean; quads?: number },
  ) {
    super(inner);
  }
  override get streams(): boolean {
    return this.as.streams;
  }
  override get quads(): number | undefined {
    return this.as.quads;
  }
}

/** The store path (the store's queries) and the label index path, each as the service chooses it for a state of the vocabulary. */
async function services(ttl: string): Promise<{ plain: Finder; indexed: Finder; onePass: Finder; inParts: Finder; withoutXl: Finder }> {
  const file = join(mkdtempSync(join(tmpdir(), 'label-index-')), 'vocabulary.ttl');
  writeFileSync(file, ttl);
  const store = await EmbeddedStore.load([file]);
  const queries = QueryCatalog.load('generic', QUERIES_DIR);
  const conceptTypes = ['http://www.w3.org/2004/02/skos/core#Concept'];
  const onStore = (catalog: QueryCatalog): Finder => {
    const terms = conceptTypes.map((type) => rdf.namedNode(type));
    return new StoreFinder({
      store,
      queries: catalog,
      concepts: new StoreConcepts(store, catalog, terms, 'en'),
      conceptTypes: terms,
      defaultLang: 'en',
    });
  };
  const indexOptions = { conceptTypes, readTimeoutMs: 60_000, fingerprint: '', defaultLang: 'en' };
  const built = async (from: SparqlStore): Promise<LabelIndex> => {
    const index = (await new IndexBuilds(from, queries, indexOptions, createLogger('silent')).build(false))?.index;
    if (index === undefined) throw new Error('no label index built');
    // every index built holds the structure a snapshot of it is checked for when read
    expect(checkIndexData(index.data)).toBeUndefined();
    return index;
  };
  const labelIndex = await built(store);
  const onePassIndex = await built(new ReadAsStore(store, { streams: true }));
  expect(onePassIndex.stats).toEqual(labelIndex.stats);
  const inPartsIndex = await built(new ReadAsStore(store, { streams: false, quads: 16 * 4_000_000 }));
  expect(inPartsIndex.stats).toEqual(labelIndex.stats);
  // the store's queries as a store without SKOS-XL labels (these vocabularies) gets them
  const withoutXlQueries = queries.withXlBranches(await probeXlLabels(store, queries));
  expect(withoutXlQueries.xlBranches).toBe(false);
  return {
    plain: onStore(queries),
    indexed: new IndexFinder(labelIndex, 'en'),
    onePass: new IndexFinder(onePassIndex, 'en'),
    inParts: new IndexFinder(inPartsIndex, 'en'),
    withoutXl: onStore(withoutXlQueries),
  };
}

/** A query made from the vocabulary's own labels, cut, re-cased and with accents dropped or added. */
const query = (labels: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...labels, 'ss', 'oe', 'ae', 'o', 'a', 'N3'),
      fc.nat(12),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom('', '*', ' '),
    )
    .map(([text, cut, upper, plain, end]) => {
      let q = text.slice(0, Math.max(1, text.length - cut));
      if (upper) q = q.toUpperCase();
      if (plain) q = q.normalize('NFD').replace(/\p{M}/gu, '');
      return (q + end).trim() || 'a';
    });

describe('the label index', () => {
  test('ranks and pages /search and /suggest exactly as the store does (with and without the SKOS-XL branches, read in one pass or in parts)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(concept, { minLength: 1, maxLength: 25 }), fc.nat(), async (concepts, seed) => {
        const labels = concepts.flatMap((c) => [...c.pref.map(([text]) => text), ...c.alt.map(([text]) => text), ...c.hidden]);
        if (labels.length === 0) return;
        const { plain, indexed, onePass, inParts, withoutXl } = await services(turtle(concepts));
        const requests = fc.sample(
          fc.record({
            q: query(labels),
            count: fc.integer({ min: 1, max: 8 }),
            page: fc.integer({ min: 1, max: 3 }),
            lang: fc.constantFrom(undefined, 'en', 'fr'),
            scheme: fc.constantFrom(undefined, 'http://example.org/a'),
          }),
          { numRuns: 12, seed },
        ) as FindRequest[];
        for (const request of requests) {
          expect({ request, search: await indexed.search(request) }).toEqual({ request, search: await plain.search(request) });
          expect({ request, suggest: await indexed.suggest(request) }).toEqual({ request, suggest: await plain.suggest(request) });
          expect({ request, search: await onePass.search(request), suggest: await onePass.suggest(request) }).toEqual({
            request,
            search: await indexed.search(request),
            suggest: await indexed.suggest(request),
          });
          expect({ request, search: await inParts.search(request), suggest: await inParts.suggest(request) }).toEqual({
            request,
            search: await indexed.search(request),
            suggest: await indexed.suggest(request),
          });
          expect({ request, search: await withoutXl.search(request), suggest: await withoutXl.suggest(request) }).toEqual({
            request,
            search: await plain.search(request),
            suggest: await plain.suggest(request),
          });
        }
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 40),
        ...(process.env.PROPERTY_SEED === undefined ? {} : { seed: Number(process.env.PROPERTY_SEED), path: process.env.PROPERTY_PATH }),
        endOnFailure: true,
        // found by this test: a label whose kept Arabic marks are not in canonical order (shadda, then fatha)
        examples: [
          [
            [
              { pref: [], alt: [['ةtς2-ةة2ë Σé', 'fr']], hidden: ['б&'], scheme: 'b', deprecated: false },
              { pref: [["aåا2ؤ'eёخ", '']], alt: [], hidden: ["2cوê''آcžαΣ"], scheme: 'b', deprecated: false },
              { pref: [['ë Б.िَकَ2', '']], alt: [], hidden: ['žбñّασİëخक2'], scheme: 'a', deprecated: true },
              { pref: [['3ا&æΣΣ́sǻָإ', 'fr']], alt: [['İü', 'fr']], hidden: ['ا-'], scheme: 'a', deprecated: false },
              {
                pref: [
                  ['أü2oüı', 'fr'],
                  ['2αأؤ4ط1σçاn', 'en'],
                ],
                alt: [['وæsüèإ', '']],
                hidden: ['œЁ'],
                scheme: 'b',
                deprecated: true,
              },
              { pref: [], alt: [], hidden: [], scheme: 'b', deprecated: false },
              {
                pref: [
                  ['ΑαñΣ', 'fr'],
                  ['éœإsnœָë,öæé', ''],
                  ['èüَiocָ', 'en-gb'],
                ],
                alt: [],
                hidden: ["žı11ö'1åç"],
                scheme: 'b',
                deprecated: false,
              },
              {
                pref: [],
                alt: [
                  ["ؤñ'c", 'fr'],
                  ['åi', 'en'],
                ],
                hidden: [],
                scheme: 'b',
                deprecated: true,
              },
              {
                pref: [
                  ['tБأЁcؤuασَّİ', ''],
                  ['ä,', ''],
                ],
                alt: [['1שاα', 'en']],
                hidden: ["&َñ'ßё&&"],
                scheme: 'a',
                deprecated: false,
              },
            ],
            18,
          ] as never,
        ],
      },
    );
  }, 120_000);

  test('a word that begins with a mark folding keeps, then one it drops (Devanagari vowel sign i, an acute), is found on both paths', async () => {
    // found by the test above (seed -2067259512, path 39): the store's pattern refused the acute after the vowel sign
    const { plain, indexed } = await services(
      turtle([{ pref: [["ab'\u093F\u0301c", '']], alt: [], hidden: [], scheme: 'a', deprecated: false }]),
    );
    for (const q of ['\u093Fc', "ab'\u093Fc", 'ab \u093F\u0301c']) {
      for (const service of [plain, indexed])
        expect((await service.suggest({ q, count: 5, page: 1 })).map((c) => c.uri)).toEqual(['http://example.org/c0']);
    }
  });
});
