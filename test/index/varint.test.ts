import { Growable } from '../../src/index/Growable.js';
import { pushVarint, VarintCursor, varintLength, writeVarint } from '../../src/index/varint.js';

const EDGES = [0, 1, 127, 128, 255, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456, 2 ** 31, 2 ** 32 - 1];

describe('varints, as the index keeps its codes', () => {
  test('read back what was written, one after another, at every length up to 2^32 - 1', () => {
    let seed = 7;
    const random = (): number => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0);
    const values = [...EDGES, ...Array.from({ length: 5000 }, () => random() >>> (random() % 32))];
    const list = new Growable(Uint8Array);
    for (const value of values) pushVarint(list, value);
    const written = new Uint8Array(values.reduce((sum, value) => sum + varintLength(value), 0));
    let at = 0;
    for (const value of values) at = writeVarint(written, at, value);
    expect(at).toBe(written.length);
    expect(Buffer.from(list.raw.subarray(0, list.length)).equals(Buffer.from(written))).toBe(true);
    const cursor = new VarintCursor();
    const read: number[] = [];
    while (cursor.at < written.length) read.push(cursor.read(written, written.length));
    expect(read).toEqual(values);
  });

  test('a varint cut short by the end of its range ends there, and nothing is read past it', () => {
    const codes = Uint8Array.from([0x85, 0x81, 0x01, 0x7f]); // 5 + 1·128 + 1·16384, then 127
    const cursor = new VarintCursor();
    expect(cursor.read(codes, 2)).toBe(5 + 128);
    expect(cursor.at).toBe(2);
    expect(cursor.read(codes, 2)).toBe(0);
    expect(cursor.at).toBe(2);
    cursor.at = 0;
    expect(cursor.read(codes, 4)).toBe(5 + 128 + 16_384);
    expect(cursor.read(codes, 4)).toBe(127);
  });
});
