import { letterStarts } from './letterStarts.js';
import { sharedArray } from './sharedArrays.js';
import { bound, comparePrefix } from './sortedText.js';

/** What a WordSuffixes is made of, in shared memory: made once, read by every thread. */
export interface SuffixArrays {
  /** Word numbers in the byte order of their reversed text. */
  order: Uint32Array;
  /** Each word's text reversed (code point by code point), at the word's own offsets. */
  reversed: Uint8Array;
  /** Per place in `order`, its word's letters (code points), at most 255: read in order, so that words too long or short are passed by without reading their text. */
  letters: Uint8Array;
}

/**
 * The label index's distinct words in the byte order of their reversed text, so that the
 * words ending with a text are a range: what reconciliation looks up to find a word with a
 * typo in its first half. The words' bytes once more, reversed, and 5 bytes a word, made on
 * the layout thread in shared memory, so that the pool's threads read one copy.
 */
export class WordSuffixes {
  readonly arrays: SuffixArrays;
  private readonly reversed: Buffer;

  /** @param made the arrays of one made before over the same words (on another thread) */
  constructor(
    text: Buffer,
    private readonly offsets: Uint32Array,
    made?: SuffixArrays,
  ) {
    this.arrays = made ?? WordSuffixes.make(text, offsets);
    const { reversed } = this.arrays;
    this.reversed = Buffer.from(reversed.buffer, reversed.byteOffset, reversed.byteLength);
  }

  private static make(text: Buffer, offsets: Uint32Array): SuffixArrays {
    const count = offsets.length - 1;
    const bytes = sharedArray(Uint8Array, offsets[count] as number);
    const reversed = Buffer.from(bytes.buffer, 0, bytes.byteLength);
    for (let w = 0; w < count; w++) reverse(text.toString('utf8', offsets[w], offsets[w + 1])).copy(reversed, offsets[w]);
    const order = Uint32Array.from({ length: count }, (_, w) => w).sort((a, b) =>
      reversed.compare(reversed, offsets[b], offsets[b + 1], offsets[a], offsets[a + 1]),
    );
    const shared = sharedArray(Uint32Array, count);
    shared.set(order);
    const letters = sharedArray(Uint8Array, count);
    order.forEach((w, p) => (letters[p] = Math.min(letterStarts(bytes, offsets[w] as number, offsets[w + 1] as number), 255)));
    return { order: shared, reversed: bytes, letters };
  }

  private get order(): Uint32Array {
    return this.arrays.order;
  }

  /** The numbers of the words that end with `suffix`, of `fewest` to `most` letters (code points; 255 stands for more). */
  ending(suffix: string, fewest = 0, most = 255): number[] {
    const key = reverse(suffix);
    const compare = (p: number): number => {
      const w = this.order[p] as number;
      return comparePrefix(this.reversed, this.offsets[w] as number, this.offsets[w + 1] as number, key);
    };
    const low = bound(this.order.length, (p) => compare(p) < 0);
    const high = bound(this.order.length, (p) => compare(p) <= 0);
    const { order, letters } = this.arrays;
    const words: number[] = [];
    const least = Math.min(fewest, 255);
    for (let p = low; p < high; p++) if ((letters[p] as number) >= least && (letters[p] as number) <= most) words.push(order[p] as number);
    return words;
  }
}

/** The UTF-8 bytes of `text` with its code points in reverse order. */
function reverse(text: string): Buffer {
  return Buffer.from([...text].reverse().join(''));
}
