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
    let at = this.at;
    if (at >= end) return 0;
    let byte = codes[at++] as number;
    let value = byte & 0x7f;
    // each byte's weight by multiplying (2 ** shift is a call to Math.pow: this reads every
    // word of every label in the layout, where it was a third of the layout's time)
    for (let weight = 0x80; byte >= 0x80 && at < end; weight *= 0x80) {
      byte = codes[at++] as number;
      value += (byte & 0x7f) * weight;
    }
    this.at = at;
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
