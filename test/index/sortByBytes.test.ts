import fc from 'fast-check';
import { sortByBytes } from '../../src/index/sortByBytes.js';

// The layout sorts IRIs, labels and words by their bytes, ties by number: the order must be
// that of comparing every pair in full, whatever the texts share (long common starts, as
// every IRI of a vocabulary has; texts that start others; equal texts; zero bytes; bytes
// above 0x7f), whatever part of each text is sorted (`starts`), and at any size.

/** The order that comparing every pair of texts in full gives, ties by id. */
function compared(texts: Uint8Array[], ids: number[]): number[] {
  return [...ids].sort((a, b) => Buffer.compare(texts[a] as Uint8Array, texts[b] as Uint8Array) || a - b);
}

function packed(texts: Uint8Array[]): { text: Uint8Array; offsets: Uint32Array } {
  const offsets = new Uint32Array(texts.length + 1);
  texts.forEach((t, i) => (offsets[i + 1] = (offsets[i] as number) + t.length));
  const text = new Uint8Array(offsets[texts.length] as number);
  texts.forEach((t, i) => text.set(t, offsets[i] as number));
  return { text, offsets };
}

/** Texts made of a few shared starts and a few bytes each, so that many share long runs or are equal. */
const texts = fc
  .tuple(
    fc.array(fc.uint8Array({ maxLength: 40 }), { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.nat(3), fc.uint8Array({ maxLength: 6 }), fc.constantFrom(0, 1, 2, 0xff)), {
      // runs longer than those compared whole
      minLength: 17,
      maxLength: 400,
      size: 'large',
    }),
  )
  .map(([prefixes, items]) =>
    items.map(([p, tail, alphabet]) => {
      const prefix = prefixes[p % prefixes.length] as Uint8Array;
      // most tails of a small alphabet: texts equal or alike
      const bytes = alphabet === 0xff ? tail : tail.map((b) => b % (alphabet + 2));
      return Uint8Array.from([...prefix, ...bytes]);
    }),
  );

describe('sortByBytes', () => {
  test('orders ids as comparing their texts in full does, equal texts by id', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), (list, shuffled) => {
        const { text, offsets } = packed(list);
        const ids = list.map((_, i) => i);
        if (shuffled) ids.reverse();
        const sorted = Uint32Array.from(ids);
        sortByBytes(text, offsets, sorted);
        expect([...sorted]).toEqual(compared(list, ids));
        // and a few of them, compared whole
        const few = Uint32Array.from(ids.slice(0, 12));
        sortByBytes(text, offsets, few);
        expect([...few]).toEqual(compared(list, ids.slice(0, 12)));
      }),
      { numRuns: 300 },
    );
  });

  test('orders a part of each text, from `starts` on, and a subset of the ids', () => {
    fc.assert(
      fc.property(texts, fc.nat(), (list, seed) => {
        const { text, offsets } = packed(list);
        const starts = Uint32Array.from(list.map((t, i) => (offsets[i] as number) + ((seed + i) % (t.length + 1))));
        const parts = list.map((_, i) => text.subarray(starts[i] as number, offsets[i + 1] as number));
        const ids = list.map((_, i) => i).filter((i) => (i + seed) % 3 !== 0);
        const sorted = Uint32Array.from(ids);
        sortByBytes(text, offsets, sorted, starts);
        expect([...sorted]).toEqual(compared(parts, ids));
      }),
      { numRuns: 300 },
    );
  });

  test('orders a hundred thousand IRIs that share their first thirty bytes, numbered out of order', () => {
    const count = 100_000;
    const list = Array.from({ length: count }, (_, i) =>
      Buffer.from(`http://example.org/authorities/n${(i * 7919) % count}${i % 10 === 0 ? '' : `-${i % 7}`}`),
    );
    const { text, offsets } = packed(list);
    const ids = Uint32Array.from(list.map((_, i) => count - 1 - i));
    sortByBytes(text, offsets, ids);
    expect([...ids]).toEqual(compared(list, [...ids]));
  });
});
