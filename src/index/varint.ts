import type { Growable } from './Growable.js';

/**
 * Appends `value` (below 2^32) as an unsigned LEB128 varint: seven bits a byte, the low ones
 * first, the high bit set on every byte but the last. The index writes its codes so (a label's
 * words, a label's tokens), so that the commonest take one byte and nearly all the rest two.
 */
export function pushVarint(list: Growable<Uint8Array>, value: number): void {
  for (let rest = value; ; rest >>>= 7) {
    if (rest < 0x80) {
      list.push(rest);
      return;
    }
    list.push((rest & 0x7f) | 0x80);
  }
}

/** Reads varints one after another: `read` gives the one at `at` and moves `at` past it. */
export class VarintCursor {
  at = 0;

  /**
   * The varint at `at`, read no further than `end` (a varint cut short by `end` ends there:
   * a forged snapshot's codes end a read, never run past their array).
   */
  read(codes: Uint8Array, end: number): number {
    let value = 0;
    for (let shift = 0; this.at < end; shift += 7) {
      const byte = codes[this.at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    return value;
  }
}

/** Writes `value` as `pushVarint` appends it, into `target` at `at`; where the next goes. */
export function writeVarint(target: Uint8Array, at: number, value: number): number {
  let next = at;
  for (let rest = value; ; rest >>>= 7) {
    if (rest < 0x80) {
      target[next++] = rest;
      return next;
    }
    target[next++] = (rest & 0x7f) | 0x80;
  }
}

/** How many bytes `value` takes as a varint. */
export function varintLength(value: number): number {
  let length = 1;
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) length++;
  return length;
}
