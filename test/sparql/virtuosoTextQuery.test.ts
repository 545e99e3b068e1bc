import fc from 'fast-check';
import { candidateWords, searchTerms, suggestTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery } from '../../src/domain/ranking.js';
import { SpellingVariants } from '../../src/sparql/SpellingVariants.js';
import { virtuosoTextQuery } from '../../src/sparql/virtuosoTextQuery.js';

/** The candidate words of a /search query (without stems: `languages` none) or of a /suggest query. */
const searchWords = (q: string, languages: string[] = []) => candidateWords(new RankQuery('search', searchTerms(q)), languages);
const suggestWords = (q: string) => candidateWords(new RankQuery('suggest', suggestTerms(q)));

const variants = SpellingVariants.fromLabels([
  'Café au lait',
  'Crème brûlée',
  'Süßkartoffel',
  'Straße',
  'Smørrebrød',
  'Łosoś',
  'Caféine',
  'Über alles',
  'Übersetzung',
  'Μουσακάς',
  'plain words only',
]);

describe('SpellingVariants', () => {
  test('keeps the words whose spelling differs from their folded form, in lower case', () => {
    expect(variants.exact('cafe')).toEqual(['café']);
    expect(variants.exact('susskartoffel')).toEqual(['süßkartoffel']);
    expect(variants.exact('losos')).toEqual(['łosoś']);
    expect(variants.exact('μουσακασ')).toEqual(['μουσακάς']);
    expect(variants.exact('plain')).toEqual([]);
    expect(variants.exact('au')).toEqual([]);
  });

  test('gives the shortest beginnings of spellings whose folded form starts with a prefix', () => {
    expect(variants.prefixes('cafe').sort()).toEqual(['café']);
    expect(variants.prefixes('uber')).toEqual(['über']);
    expect(variants.prefixes('stras')).toEqual(['straß']);
    expect(variants.prefixes('xyz')).toEqual([]);
  });
});

describe('virtuosoTextQuery', () => {
  test('ORs the spellings of each word and ANDs the words', () => {
    expect(virtuosoTextQuery(searchWords('cafe au lait'), variants)).toBe("('cafe' OR 'café') AND 'au' AND 'lait'");
    expect(virtuosoTextQuery(suggestWords('Über setz'), variants)).toBe("('uber*' OR 'über*') AND 'setz*'");
  });

  test("asks for a /search word's stem as a prefix, and its German and Nordic spellings", () => {
    expect(virtuosoTextQuery(searchWords('exoplanets', ['en']), variants)).toBe("'exoplane*'");
    expect(virtuosoTextQuery(suggestWords('oekonom'), variants)).toBe("('okonom*' OR 'oekonom*')");
  });

  test('leaves out prefix words shorter than four letters, and gives undefined when no word is left', () => {
    expect(virtuosoTextQuery(suggestWords('ca lait'), variants)).toBe("'lait*'");
    expect(virtuosoTextQuery(suggestWords('ca'), variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchWords('appl*'), variants)).toBe("'appl*'");
    expect(virtuosoTextQuery(searchWords('!!!'), variants)).toBeUndefined();
  });

  test('leaves out words the index may keep otherwise: digits, single letters, letter numbers, astral letters, marks, over 64 letters', () => {
    expect(virtuosoTextQuery(searchWords('Ⅷ tea'), variants)).toBe("'tea'");
    expect(virtuosoTextQuery(searchWords('B.01.05 Firm'), variants)).toBe("'firm'");
    expect(virtuosoTextQuery(searchWords('co2 x'), variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchWords('𝔘𝔫𝔦'), variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchWords('x\u0301'), variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchWords('b'.repeat(65)), variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchWords('b'.repeat(64)), variants)).toBe(`'${'b'.repeat(64)}'`);
  });

  test("leaves out words with letters of blocks Virtuoso's word breaker drops as noise (a query of noise alone is its error XM028)", () => {
    expect(virtuosoTextQuery(searchWords('ᰋᎏ tea'), variants)).toBe("'tea'"); // Lepcha, Cherokee
    expect(virtuosoTextQuery(searchWords('ԑԑ'), variants)).toBeUndefined(); // Cyrillic Supplement
    expect(virtuosoTextQuery(searchWords('مكتبة 图书馆 библиотека'), variants)).toBe("'مكتبة' AND '图书馆' AND 'библиотека'");
  });

  test('turns nothing a user types into an operator, a quote or a parenthesis', () => {
    const word = "'\\p{L}+\\*?'";
    const shape = new RegExp(`^(${word}|\\((${word})( OR ${word})*\\))( AND (${word}|\\((${word})( OR ${word})*\\)))*$`, 'u');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constantFrom("tea' OR 'x", 'AND OR NEAR', '(a) | b', '"x"', "o''clock", 'a*b* c**', 'ÜBER* straße'),
        ),
        (q) => {
          for (const words of [searchWords(q, ['en', 'de']), suggestWords(q)]) {
            const text = virtuosoTextQuery(words, variants);
            if (text !== undefined) expect(text).toMatch(shape);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
