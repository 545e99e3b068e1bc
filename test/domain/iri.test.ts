import fc from 'fast-check';
import oxigraph from 'oxigraph';
import { isIri, isRdfIri } from '../../src/domain/iri.js';

/** Oxigraph's own answer: the rule isRdfIri must give, whatever shortcut it takes. */
function oxigraphAccepts(value: string): boolean {
  try {
    oxigraph.namedNode(value);
    return true;
  } catch {
    return false;
  }
}

const piece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '9',
  '-',
  '.',
  '_',
  '~',
  '!',
  '$',
  '&',
  "'",
  '(',
  ')',
  '*',
  '+',
  ',',
  ';',
  '=',
  ':',
  '@',
  '/',
  '//',
  '?',
  '#',
  '%',
  '%4',
  '%41',
  '%zz',
  '%C3%A9',
  '[',
  ']',
  '[::1]',
  'é',
  'ö',
  '\u00A0',
  '\uD7FF',
  '\uE000',
  '\uF8FF',
  '\uF900',
  '\uFDD0',
  '\uFDEF',
  '\uFFEF',
  '\uFFFD',
  '\u0301',
  'e\u0301',
  '\uFFFE',
  '😀',
  '\u{10FFFD}',
  '\u{E0001}',
  '\u17A3',
  '\u3000',
  '\u205F',
  ':80',
  ':ab',
  'xn--',
);
const iriLike = fc
  .tuple(
    fc.constantFrom('http:', 'https://', 'http://host', 'urn:', 'urn:x:', 'mailto:', 'a+b.c-d:', 'file:///', 'http://h:8080'),
    fc.array(piece, { maxLength: 12 }),
  )
  .map(([start, rest]) => start + rest.join(''));

describe('isRdfIri', () => {
  test('answers as Oxigraph does (and refuses what is not in Normal Form C, deprecated characters and white space, as Jena does) for every absolute IRI the contract accepts, however it gets there', () => {
    fc.assert(
      fc.property(iriLike, (value) => {
        const schemeParts = !/^(https?|ftp):/i.test(value) || /^[a-z]+:\/\/[^/?#:@]/i.test(value.replace(/^([a-z]+:\/\/)[^/?#@]*@/i, '$1'));
        const urnPath = !/^urn:[?#]/i.test(value);
        const deprecated = /[\p{Deprecated}\p{White_Space}]/u.test(value);
        expect(isRdfIri(value)).toBe(
          isIri(value) && oxigraphAccepts(value) && value.normalize('NFC') === value && !deprecated && schemeParts && urnPath,
        );
      }),
      { numRuns: 20_000 },
    );
  });

  test.each([
    ['a letter lost to U+FFFD', 'http://dbpedia.org/resource/Mus\uFFFDe', false],
    ['a malformed percent-escape', 'http://x/%zz', false],
    ['two fragments', 'http://x/a#b#c', false],
    ['a port that is not a number', 'http://h:ab/', false],
    ['a plain IRI', 'http://id.worldcat.org/fast/1429860', true],
    ['letters beyond ASCII', 'http://é.example/Ökonomie?ü#ä', true],
    ['an IPv6 host', 'http://[::1]/x', true],
    ['a compatibility ideograph, not in Normal Form C', 'urn:\uF900', false],
    ['a decomposed accent, not in Normal Form C', 'http://x/e\u0301', false],
    ['a deprecated Unicode character (Jena refuses it)', 'urn:\u17A3', false],
    ['white space beyond ASCII (Jena refuses it)', 'https://example.org/food/\u205F', false],
    ['http without a host (Jena refuses it)', 'http:x', false],
    ['http with an empty host', 'http:///x', false],
    ['a urn without a path (Jena refuses it)', 'urn:?concept', false],
    ['a urn with one', 'urn:x:y?z', true],
    ['a host after user information', 'http://user@host/x', true],
  ])('%s', (_case, value, valid) => {
    expect(isRdfIri(value)).toBe(valid);
  });
});
