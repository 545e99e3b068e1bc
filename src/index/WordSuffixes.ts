import { bound, comparePrefix } from './sortedText.js';

/**
 * The label index's distinct words in the byte order of their reversed text, so that the
 * words ending with a text are a range: what reconciliation looks up to find a word with a
 * typo in its first half. Built when first needed (a service that never reconciles never
 * pays for it): the words' bytes once more, reversed, and 4 bytes a word.
 */
export class WordSuffixes {
  private readonly order: Uint32Array;
  private readonly reversed: Buffer;

  constructor(
    text: Buffer,
    private readonly offsets: Uint32Array,
  ) {
    const count = offsets.length - 1;
    this.reversed = Buffer.alloc(offsets[count] as number);
    for (let w = 0; w < count; w++) reverse(text.toString('utf8', offsets[w], offsets[w + 1])).copy(this.reversed, offsets[w]);
    const reversed = this.reversed;
    this.order = Uint32Array.from({ length: count }, (_, w) => w).sort((a, b) =>
      reversed.compare(reversed, offsets[b], offsets[b + 1], offsets[a], offsets[a + 1]),
    );
  }

  /** The numbers of the words that end with `suffix`. */
  ending(suffix: string): number[] {
    const key = reverse(suffix);
    const compare = (p: number): number => {
      const w = this.order[p] as number;
      return comparePrefix(this.reversed, this.offsets[w] as number, this.offsets[w + 1] as number, key);
    };
    const low = bound(this.order.length, (p) => compare(p) < 0);
    const high = bound(this.order.length, (p) => compare(p) <= 0);
    return Array.from(this.order.subarray(low, high));
  }
}

/** The UTF-8 bytes of `text` with its code points in reverse order. */
function reverse(text: string): Buffer {
  return Buffer.from([...text].reverse().join(''));
}
