import fc from 'fast-check';
import { inParts } from '../../src/store/embeddedStoreWorker.js';

// The embedded store's thread cuts SPARQL JSON results into parts of rows where the rows end,
// without parsing them: every row comes back, in order, whatever its strings hold (braces,
// brackets, quotes and backslashes, escaped as JSON escapes them).

const term = fc.oneof(
  fc.record({ type: fc.constant('uri'), value: fc.webUrl() }),
  fc.record({ type: fc.constant('literal'), value: fc.string({ unit: 'grapheme' }), 'xml:lang': fc.constantFrom('en', 'de-ch') }),
  fc.record({ type: fc.constant('literal'), value: fc.constantFrom('}', '{', '"]}', '\\\\', '\\"}],"bindings":[', ']') }),
);

test('every row comes back, in order, in parts of at most 2,000', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ concept: term, value: term }), { maxLength: 4500 }), (rows) => {
      const text = JSON.stringify({ head: { vars: ['concept', 'value'] }, results: { bindings: rows } });
      const parts = inParts(text);
      expect(parts.flatMap((part) => JSON.parse(part) as unknown[])).toEqual(rows);
      for (const part of parts) expect((JSON.parse(part) as unknown[]).length).toBeLessThanOrEqual(2000);
    }),
    { numRuns: 40 },
  );
});

test('what is not SELECT results comes whole', () => {
  expect(inParts('{"head":{},"boolean":true}')).toEqual(['{"head":{},"boolean":true}']);
});
