import fc from 'fast-check';
import { decodedParts, encodedParts, inParts, linesInParts } from '../../src/store/embeddedStoreWorker.js';

// The embedded store's thread cuts SPARQL JSON results into parts of rows where the rows end,
// without parsing them: every row comes back, in order, whatever its strings hold (braces,
// brackets, quotes and backslashes, escaped as JSON escapes them). Parts travel as the UTF-8
// bytes of one buffer, moved to the thread that answers HTTP and decoded there a part a turn.

const term = fc.oneof(
  fc.record({ type: fc.constant('uri'), value: fc.webUrl() }),
  fc.record({ type: fc.constant('literal'), value: fc.string({ unit: 'grapheme' }), 'xml:lang': fc.constantFrom('en', 'de-ch') }),
  fc.record({ type: fc.constant('literal'), value: fc.constantFrom('}', '{', '"]}', '\\\\', '\\"}],"bindings":[', ']') }),
);

test('every row comes back, in order, in parts of at most 2,000, through their bytes', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ concept: term, value: term }), { maxLength: 4500 }), (rows) => {
      const text = JSON.stringify({ head: { vars: ['concept', 'value'] }, results: { bindings: rows } });
      const parts = [...decodedParts(encodedParts(inParts(text) ?? []))];
      expect(parts.flatMap((part) => JSON.parse(part) as unknown[])).toEqual(rows);
      for (const part of parts) expect((JSON.parse(part) as unknown[]).length).toBeLessThanOrEqual(2000);
    }),
    { numRuns: 40 },
  );
});

test('what is not SELECT results comes whole', () => {
  expect(inParts('{"head":{},"boolean":true}')).toBeUndefined();
});

test('a text answer comes back whole, in parts of whole lines, whatever its characters', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 3000 }), { maxLength: 1500 }), (lines) => {
      const text = lines.map((line) => `${line.replace(/\n/g, ' ')}\n`).join('');
      const parts = [...decodedParts(encodedParts(linesInParts(text)))];
      expect(parts.join('')).toBe(text);
      for (const part of parts) expect(part.endsWith('\n')).toBe(true);
    }),
    { numRuns: 20 },
  );
});
