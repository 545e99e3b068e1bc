import fc from 'fast-check';
import { searchPatterns, suggestPatterns } from '../../src/domain/matchPatterns.js';
import { SpellingVariants } from '../../src/sparql/SpellingVariants.js';
import { virtuosoTextQuery } from '../../src/sparql/virtuosoTextQuery.js';

const variants = SpellingVariants.fromLabels(['Café au lait', 'Crème brûlée', 'Süßkartoffel', 'Straße', 'Smørrebrød', 'Łosoś', 'Caféine', 'Über alles', 'Übersetzung', 'Μουσακάς', 'plain words only']);

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
    expect(virtuosoTextQuery(searchPatterns('cafe au lait').terms, variants)).toBe("('cafe' OR 'café') AND 'au' AND 'lait'");
    expect(virtuosoTextQuery(suggestPatterns('Über setz').terms, variants)).toBe("('uber*' OR 'über*') AND 'setz*'");
  });

  test('leaves out prefix words shorter than four letters, and gives undefined when no word is left', () => {
    expect(virtuosoTextQuery(suggestPatterns('ca lait').terms, variants)).toBe("'lait*'");
    expect(virtuosoTextQuery(suggestPatterns('ca').terms, variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchPatterns('appl*').terms, variants)).toBe("'appl*'");
    expect(virtuosoTextQuery(searchPatterns('!!!').terms, variants)).toBeUndefined();
  });

  test('leaves out words the index may keep otherwise: digits, single letters, letter numbers, astral letters, marks, over 64 letters', () => {
    expect(virtuosoTextQuery(searchPatterns('Ⅷ tea').terms, variants)).toBe("'tea'");
    expect(virtuosoTextQuery(searchPatterns('B.01.05 Firm').terms, variants)).toBe("'firm'");
    expect(virtuosoTextQuery(searchPatterns('co2 x').terms, variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchPatterns('𝔘𝔫𝔦').terms, variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchPatterns('x\u0301').terms, variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchPatterns('a'.repeat(65)).terms, variants)).toBeUndefined();
    expect(virtuosoTextQuery(searchPatterns('a'.repeat(64)).terms, variants)).toBe(`'${'a'.repeat(64)}'`);
  });

  test('turns nothing a user types into an operator, a quote or a parenthesis', () => {
    const word = "'\\p{L}+\\*?'";
    const shape = new RegExp(`^(${word}|\\((${word})( OR ${word})*\\))( AND (${word}|\\((${word})( OR ${word})*\\)))*$`, 'u');
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom("tea' OR 'x", 'AND OR NEAR', '(a) | b', '"x"', "o''clock", 'a*b* c**', 'ÜBER* straße')),
        (q) => {
          for (const patterns of [searchPatterns(q), suggestPatterns(q)]) {
            const text = virtuosoTextQuery(patterns.terms, variants);
            if (text !== undefined) expect(text).toMatch(shape);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
