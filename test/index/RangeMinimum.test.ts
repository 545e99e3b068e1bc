import fc from 'fast-check';
import { RangeMinimum } from '../../src/index/RangeMinimum.js';

describe('range minimum', () => {
  test('gives any range of values in ascending order, and the leftmost position of its minimum', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { minLength: 1, maxLength: 700 }), fc.nat(), fc.nat(), (values, a, b) => {
        const array = Uint32Array.from(values);
        const from = a % array.length;
        const to = from + (b % (array.length - from + 1));
        const minimum = new RangeMinimum(array);
        expect([...minimum.ascending(from, to)]).toEqual([...array.subarray(from, to)].sort((x, y) => x - y));
        if (to > from) {
          const least = Math.min(...array.subarray(from, to));
          expect(minimum.positionOfMinimum(from, to - 1)).toBe(array.indexOf(least, from));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('gives the first values of a million-long range, stopped early', () => {
    const array = Uint32Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    const minimum = new RangeMinimum(array);
    const first: number[] = [];
    for (const value of minimum.ascending(0, array.length)) {
      first.push(value);
      if (first.length === 5) break;
    }
    expect(first).toEqual([...array].sort((x, y) => x - y).slice(0, 5));
  });
});
