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
    this.order = Uint32Array.from({ length: count }, (_, w) => w).sort((a, b) => reversed.compare(reversed, offsets[b], offsets[b + 1], offsets[a], offsets[a + 1]));
  }

  /** The numbers of the words that end with `suffix`. */
  ending(suffix: string): number[] {
    const key = reverse(suffix);
    // compares the reversed word at position p with the key, a word starting with it counting as equal
    const compare = (p: number): number => {
      const w = this.order[p] as number;
      const start = this.offsets[w] as number;
      const length = (this.offsets[w + 1] as number) - start;
      const common = Math.min(length, key.length);
      const order = this.reversed.compare(key, 0, common, start, start + common);
      return order !== 0 ? order : length < key.length ? -1 : 0;
    };
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(middle) < 0) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let p = low; p < this.order.length && compare(p) === 0; p++) found.push(this.order[p] as number);
    return found;
  }
}

/** The UTF-8 bytes of `text` with its code points in reverse order. */
function reverse(text: string): Buffer {
  return Buffer.from([...text].reverse().join(''));
}
