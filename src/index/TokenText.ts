import { reorderText } from './Growable.js';
import { identity } from './groupBy.js';
import { sharedArray } from './sharedArrays.js';
import { INLINE, type GatheredTokens } from './TokenList.js';
import { VarintCursor, varintLength, writeVarint } from './varint.js';

/**
 * Texts kept as their tokens' codes (a text split at single spaces, TokenList.ts): per text a
 * range of `codes`, each code a varint; code 0 is a token written in place (its length, then
 * its bytes), code c ≥ 1 is token c − 1 of `tokenText`, the tokens numbered by how often they
 * occur (the commonest first, one byte; nearly all the rest two).
 */
export interface TokenTextArrays {
  codes: Uint8Array;
  offsets: Uint32Array;
  tokenText: Uint8Array;
  tokenOffsets: Uint32Array;
}

/** Reads the texts of `TokenTextArrays` back as written. */
export class TokenText {
  private scratch = Buffer.allocUnsafe(1024);
  private readonly cursor = new VarintCursor();

  constructor(private readonly a: TokenTextArrays) {}

  /** Text `i`, exactly as it was appended. Codes that name no token (a forged snapshot's) end it early. */
  text(i: number): string {
    const { codes, tokenText, tokenOffsets } = this.a;
    const cursor = this.cursor;
    const end = Math.min(this.a.offsets[i + 1] as number, codes.length);
    let used = 0;
    cursor.at = this.a.offsets[i] as number;
    for (let first = true; cursor.at < end; first = false) {
      const code = cursor.read(codes, end);
      let source = tokenText;
      let from: number;
      let to: number;
      if (code === INLINE) {
        const length = cursor.read(codes, end);
        source = codes;
        from = cursor.at;
        to = Math.min(from + length, end);
        cursor.at = to;
      } else {
        if (code >= tokenOffsets.length) break;
        from = tokenOffsets[code - 1] as number;
        to = Math.min(tokenOffsets[code] as number, tokenText.length);
      }
      if (used + 1 + to - from > this.scratch.length) {
        const bigger = Buffer.allocUnsafe(2 * (used + 1 + to - from));
        this.scratch.copy(bigger, 0, 0, used);
        this.scratch = bigger;
      }
      if (!first) this.scratch[used++] = 0x20;
      for (let k = from; k < to; k++) this.scratch[used++] = source[k] as number;
    }
    return this.scratch.toString('utf8', 0, used);
  }
}

/**
 * The gathered texts `order[0]`, `order[1]`... as `TokenTextArrays`, in shared memory (what
 * the index keeps, `sharedArrays.ts`), their tokens numbered by how often they occur. Two
 * passes over the codes, the first measuring: nothing but the output is made at full size.
 */
export function rankedTokens(gathered: GatheredTokens, order: ArrayLike<number>): TokenTextArrays {
  const { counts } = gathered;
  const byCount = identity(counts.length);
  byCount.sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  const codeOf = new Uint32Array(counts.length); // by number as first met: 1 + its rank
  byCount.forEach((id, rank) => (codeOf[id] = rank + 1));
  const tokens = reorderText(gathered.tokens.text, gathered.tokens.offsets, byCount);
  const offsets = sharedArray(Uint32Array, order.length + 1);
  const cursor = new VarintCursor();
  /** Hands each code of gathered text `text` to `code`, recoded, and each token written in place to `inline`, as (from, to). */
  const recode = (text: number, code: (value: number) => void, inline: (from: number, to: number) => void): void => {
    const end = gathered.offsets[text + 1] as number;
    for (cursor.at = gathered.offsets[text] as number; cursor.at < end;) {
      const first = cursor.read(gathered.codes, end);
      if (first !== INLINE) {
        code(codeOf[first - 1] as number);
        continue;
      }
      const from = cursor.at - 1;
      const length = cursor.read(gathered.codes, end);
      cursor.at = Math.min(cursor.at + length, end);
      inline(from, cursor.at);
    }
  };
  let size = 0;
  for (let i = 0; i < order.length; i++) {
    recode(
      order[i] as number,
      (value) => (size += varintLength(value)),
      (from, to) => (size += to - from),
    );
    offsets[i + 1] = size;
  }
  const codes = sharedArray(Uint8Array, size);
  let at = 0;
  for (let i = 0; i < order.length; i++)
    recode(
      order[i] as number,
      (value) => (at = writeVarint(codes, at, value)),
      (from, to) => {
        codes.set(gathered.codes.subarray(from, to), at);
        at += to - from;
      },
    );
  return { codes, offsets, tokenText: tokens.text, tokenOffsets: tokens.offsets };
}
