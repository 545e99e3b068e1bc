import { Growable, TextList } from './Growable.js';
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
 * numbered: tokens longer than `LONGEST_NUMBERED` UTF-16 units are seldom repeated (a CJK
 * label without spaces is one such token), and numbering each would hold it in a map while
 * the vocabulary is read.
 */
export const INLINE = 0;
export const LONGEST_NUMBERED = 24;

/**
 * Texts appended one by one, each kept as its tokens' numbers: a text split at single spaces
 * (so that `tokens.join(' ')` gives it back exactly, double spaces as empty tokens), each
 * distinct token kept once. The labels of a vocabulary repeat their words: Iconclass' 8.3
 * million labels, 682 MB as written, are 92 million tokens of 231,000 distinct ones, about
 * 20 bytes a label as codes. The layout then numbers the tokens by how common they are
 * (`TokenText.ts`).
 */
export class TokenList {
  private readonly ids = new Map<string, number>();
  /** Tokens longer than this are written in place. */
  private readonly longest: number;
  /** Whether empty tokens are dropped (`words`). */
  private readonly dropEmpty: boolean;
  private tokens = new TextList();
  private counts: Growable<Uint32Array> = new Growable(Uint32Array);
  private codes: Growable<Uint8Array> = new Growable(Uint8Array, 1 << 16);
  private offsets: Growable<Uint32Array> = new Growable(Uint32Array);

  /**
   * With `words`, the texts are folded labels (foldedLabel: words joined by single spaces) and
   * every word is numbered, none written in place: the layout sorts the labels by their words.
   */
  constructor({ words = false }: { words?: boolean } = {}) {
    this.longest = words ? Infinity : LONGEST_NUMBERED;
    this.dropEmpty = words;
    this.offsets.push(0);
  }

  /** A list holding what `take()` handed over (not copies), to be taken again (it numbers no more tokens). */
  static of(gathered: GatheredTokens): TokenList {
    const list = new TokenList({ words: true });
    list.codes = Growable.of(Uint8Array, gathered.codes);
    list.offsets = Growable.of(Uint32Array, gathered.offsets);
    list.tokens = TextList.of(gathered.tokens.text, gathered.tokens.offsets);
    list.counts = Growable.of(Uint32Array, gathered.counts);
    return list;
  }

  /** How many texts. */
  get count(): number {
    return this.offsets.length - 1;
  }

  push(text: string): void {
    for (const token of text.split(' ')) {
      if (token === '' && this.dropEmpty) continue;
      if (token.length > this.longest) {
        const bytes = Buffer.from(token, 'utf8');
        pushVarint(this.codes, INLINE);
        pushVarint(this.codes, bytes.length);
        for (const byte of bytes) this.codes.push(byte);
        continue;
      }
      let id = this.ids.get(token);
      if (id === undefined) {
        id = this.tokens.count;
        this.ids.set(token, id);
        this.tokens.push(token);
        this.counts.push(0);
      }
      this.counts.raw[id] = (this.counts.raw[id] as number) + 1;
      pushVarint(this.codes, id + 1);
    }
    if (this.codes.length > 0xffffffff) throw new RangeError('more than 4 GiB of label codes');
    this.offsets.push(this.codes.length);
  }

  /** The codes and offsets as they stand (valid until the next push). */
  get view(): { codes: Uint8Array; offsets: Uint32Array } {
    return { codes: this.codes.raw, offsets: this.offsets.raw };
  }

  /** Hands the codes, offsets and tokens over (views, not copies) and forgets them, as Growable.take does. */
  take(): GatheredTokens {
    this.ids.clear();
    return { codes: this.codes.take(), offsets: this.offsets.take(), tokens: this.tokens.take(), counts: this.counts.take() };
  }
}
