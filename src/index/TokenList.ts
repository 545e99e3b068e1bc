import { Growable } from './Growable.js';
import { pushVarint } from './varint.js';

/** What a `TokenList` gathered, in transferable form: codes by token number as first met. */
export interface GatheredTokens {
  /**
   * Per text, a range of `codes`: its tokens, each a varint (varint.ts): 1 + its number as
   * first met, or 0 for a long token written in place (`INLINE`).
   */
  codes: Uint8Array;
  offsets: Uint32Array;
  /** The distinct tokens by number, and per token how many times it was met. */
  tokens: { text: Uint8Array; offsets: Uint32Array };
  counts: Uint32Array;
}

/**
 * The code of a token written in place (its length in bytes as a varint, then its bytes), not
 * numbered: tokens longer than `LONGEST_NUMBERED` bytes (24 CJK characters) are seldom repeated (a CJK
 * label without spaces is one such token), and numbering each would hold it in the table of
 * tokens while the vocabulary is read.
 */
export const INLINE = 0;
export const LONGEST_NUMBERED = 72;

/**
 * Texts appended one by one, each kept as its tokens' numbers: a text split at single spaces
 * (so that `tokens.join(' ')` gives it back exactly, double spaces as empty tokens), each
 * distinct token kept once. The labels of a vocabulary repeat their words: Iconclass' 8.3
 * million labels, 682 MB as written, are 92 million tokens of 231,000 distinct ones, about
 * 20 bytes a label as codes. The layout then numbers the tokens by how common they are
 * (`TokenText.ts`).
 */
export class TokenList {
  /** The distinct tokens' bytes, by number. */
  private tokenBytes: Growable<Uint8Array> = new Growable(Uint8Array, 1 << 16);
  private tokenOffsets: Growable<Uint32Array> = new Growable(Uint32Array);
  /**
   * The tokens by hash of their bytes, open addressing: 1 + the token's number, 0 for a free
   * slot. Looked up in the bytes as written, so that no string is made or hashed per token:
   * this runs for every label read, on the thread that reads the store.
   */
  private slots = new Int32Array(1 << 12);
  private counts: Growable<Uint32Array> = new Growable(Uint32Array);
  private codes: Growable<Uint8Array> = new Growable(Uint8Array, 1 << 16);
  private offsets: Growable<Uint32Array> = new Growable(Uint32Array);
  private scratch = Buffer.allocUnsafe(1 << 12);
  /** Tokens longer than this, in bytes, are written in place. */
  private readonly longest: number;
  /** Whether empty tokens are dropped (`words`). */
  private readonly dropEmpty: boolean;

  /**
   * With `words`, the texts are folded labels (foldedLabel: words joined by single spaces) and
   * every word is numbered, none written in place: the layout sorts the labels by their words.
   */
  constructor({ words = false }: { words?: boolean } = {}) {
    this.longest = words ? Infinity : LONGEST_NUMBERED;
    this.dropEmpty = words;
    this.offsets.push(0);
    this.tokenOffsets.push(0);
  }

  /** A list holding what `take()` handed over (not copies), to be taken again (it numbers no more tokens). */
  static of(gathered: GatheredTokens): TokenList {
    const list = new TokenList({ words: true });
    list.codes = Growable.of(Uint8Array, gathered.codes);
    list.offsets = Growable.of(Uint32Array, gathered.offsets);
    list.tokenBytes = Growable.of(Uint8Array, gathered.tokens.text);
    list.tokenOffsets = Growable.of(Uint32Array, gathered.tokens.offsets);
    list.counts = Growable.of(Uint32Array, gathered.counts);
    list.slots = new Int32Array(0);
    return list;
  }

  /** How many texts. */
  get count(): number {
    return this.offsets.length - 1;
  }

  push(text: string): void {
    if (text.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(text.length * 3);
    const bytes = this.scratch;
    const length = bytes.write(text, 0, 'utf8');
    for (let from = 0; from <= length;) {
      let to = from;
      while (to < length && bytes[to] !== 0x20) to++;
      if (to > from || !this.dropEmpty) this.token(bytes, from, to);
      from = to + 1;
    }
    if (this.codes.length > 0xffffffff) throw new RangeError('more than 4 GiB of label codes');
    this.offsets.push(this.codes.length);
  }

  /** Codes the token `bytes[from .. to)`. */
  private token(bytes: Uint8Array, from: number, to: number): void {
    if (to - from > this.longest) {
      pushVarint(this.codes, INLINE);
      pushVarint(this.codes, to - from);
      for (let at = from; at < to; at++) this.codes.push(bytes[at] as number);
      return;
    }
    const mask = this.slots.length - 1;
    let slot = hashOf(bytes, from, to) & mask;
    let id = -1;
    for (; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const candidate = (this.slots[slot] as number) - 1;
      if (this.holds(candidate, bytes, from, to)) {
        id = candidate;
        break;
      }
    }
    if (id < 0) {
      id = this.tokenOffsets.length - 1;
      for (let at = from; at < to; at++) this.tokenBytes.push(bytes[at] as number);
      this.tokenOffsets.push(this.tokenBytes.length);
      this.counts.push(0);
      this.slots[slot] = id + 1;
      if (2 * (id + 1) > this.slots.length) this.rehash();
    }
    this.counts.raw[id] = (this.counts.raw[id] as number) + 1;
    pushVarint(this.codes, id + 1);
  }

  /** Whether token `id`'s bytes are `bytes[from .. to)`. */
  private holds(id: number, bytes: Uint8Array, from: number, to: number): boolean {
    const start = this.tokenOffsets.get(id);
    if (this.tokenOffsets.get(id + 1) - start !== to - from) return false;
    const kept = this.tokenBytes.raw;
    for (let i = 0; i < to - from; i++) if (kept[start + i] !== bytes[from + i]) return false;
    return true;
  }

  /** Twice the slots, every token placed again. */
  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    const kept = this.tokenBytes.raw;
    for (let id = 0; id < this.tokenOffsets.length - 1; id++) {
      let slot = hashOf(kept, this.tokenOffsets.get(id), this.tokenOffsets.get(id + 1)) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = id + 1;
    }
  }

  /** The codes and offsets as they stand (valid until the next push). */
  get view(): { codes: Uint8Array; offsets: Uint32Array } {
    return { codes: this.codes.raw, offsets: this.offsets.raw };
  }

  /** Hands the codes, offsets and tokens over (views, not copies) and forgets them, as Growable.take does. */
  take(): GatheredTokens {
    this.slots = new Int32Array(0);
    return {
      codes: this.codes.take(),
      offsets: this.offsets.take(),
      tokens: { text: this.tokenBytes.take(), offsets: this.tokenOffsets.take() },
      counts: this.counts.take(),
    };
  }
}

/** FNV-1a of `bytes[from .. to)`. */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let at = from; at < to; at++) hash = Math.imul(hash ^ (bytes[at] as number), 0x01000193);
  return hash;
}
