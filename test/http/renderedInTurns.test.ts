import fc from 'fast-check';
import { rendered } from '../../src/http/ResponseCache.js';
import { renderedInTurns } from '../../src/http/renderedInTurns.js';

// An answer made in turns is the answer made at once: the same text and the same ETag, for
// any JSON value (members left out as JSON.stringify leaves them out) at any depth.

const anything = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 6 }),
  ),
})).value;

describe('an answer made in turns', () => {
  test('is the text and ETag of the answer made at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), anything), async (value) => {
        expect(await renderedInTurns(value)).toEqual(rendered(value));
      }),
      { numRuns: 300 },
    );
  });

  test('is the same on either side of the size it writes at once', async () => {
    for (const length of [1998, 1999, 2000, 2001, 5000]) {
      const value = { concepts: Array.from({ length }, (_, i) => `c${i}`) };
      expect(await renderedInTurns(value)).toEqual(rendered(value));
    }
    const withToJson = { when: new Date(0), concepts: [{ uri: 'https://example.org/1' }] };
    expect(await renderedInTurns(withToJson)).toEqual(rendered(withToJson));
  });

  test('is the same for a long list of large concepts, which it writes in many pieces', async () => {
    const narrower = Array.from({ length: 1000 }, (_, i) => ({ label: `Child ${i} \u{1F600}`, uri: `https://example.org/c${i}` }));
    const value = { _embedded: { concepts: Array.from({ length: 50 }, (_, i) => ({ uri: `https://example.org/${i}`, narrower })) } };
    expect(await renderedInTurns(value)).toEqual(rendered(value));
  });
});
