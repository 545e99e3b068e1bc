import { unescapeTurtle } from './unescapeTurtle.js';
/** A line that is not an N-Triples triple. */
export class NTriplesFormatError extends Error {
  override name = 'NTriplesFormatError';
}

/** One triple as read: IRIs without brackets, blank nodes as `_:label`, literals as their lexical form. */
export interface TripleRow {
  subject: string;
  predicate: string;
  object: string;
  /** The object literal's language tag as written, "" for none (and for an IRI or blank node). */
  language: string;
  /** Whether the object is a literal. */
  literal: boolean;
}

/**
 * Reads N-Triples (a store's answer to a CONSTRUCT query) chunk by chunk as they arrive and
 * hands each triple to `take`. One triple a line; `\uXXXX`, `\UXXXXXXXX` and the string
 * escapes are decoded; comments and blank lines are skipped. A literal's datatype is dropped.
 */
export class NTriplesRows {
  private carry = '';
  rows = 0;
  private readonly row: TripleRow = { subject: '', predicate: '', object: '', language: '', literal: false };

  /** @param odd hears each line that is no triple, which is then skipped; without it, such a line throws NTriplesFormatError */
  constructor(
    private readonly take: (row: TripleRow) => void,
    private readonly odd?: (line: string) => void,
  ) {}

  /** Reads the complete lines of `chunk` (with what was left of the previous one). */
  push(chunk: string): void {
    const text = this.carry === '' ? chunk : this.carry + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.line(text, start, end);
      start = end + 1;
    }
    this.carry = text.slice(start);
  }

  /** Reads what is left: the last line may lack its line break. */
  end(): void {
    const text = this.carry;
    this.carry = '';
    if (text !== '') this.line(text, 0, text.length);
  }

  private line(text: string, from: number, to: number): void {
    if (this.odd === undefined) return this.triple(text, from, to);
    try {
      this.triple(text, from, to);
    } catch (error) {
      if (!(error instanceof NTriplesFormatError)) throw error;
      this.odd(text.slice(from, to));
    }
  }

  private triple(text: string, from: number, to: number): void {
    let at = skipSpace(text, from, to);
    if (at >= to || text.charCodeAt(at) === 0x23 /* # */) return;
    if (text.charCodeAt(to - 1) === 0x0d) to--;
    const row = this.row;
    [row.subject, at] = node(text, at, to);
    [row.predicate, at] = node(text, skipSpace(text, at, to), to);
    at = skipSpace(text, at, to);
    row.language = '';
    row.literal = text.charCodeAt(at) === 0x22; /* " */
    if (row.literal) {
      let close = at + 1;
      for (; close < to; close++) {
        const code = text.charCodeAt(close);
        if (code === 0x5c /* \ */) close++;
        else if (code === 0x22) break;
      }
      if (close >= to) throw new NTriplesFormatError(`an unclosed literal: ${JSON.stringify(text.slice(from, Math.min(to, from + 120)))}`);
      const inner = text.slice(at + 1, close);
      row.object = inner.includes('\\') ? unescapeTurtle(inner) : inner;
      at = close + 1;
      if (text.charCodeAt(at) === 0x40 /* @ */) {
        let tagEnd = at + 1;
        while (tagEnd < to && text.charCodeAt(tagEnd) !== 0x20 && text.charCodeAt(tagEnd) !== 0x09 && text.charCodeAt(tagEnd) !== 0x2e)
          tagEnd++;
        // a tag may hold no dot, but the statement's dot may follow it without a space
        row.language = text.slice(at + 1, tagEnd);
        at = tagEnd;
      } else if (text.charCodeAt(at) === 0x5e /* ^ */) {
        const close = text.indexOf('>', at);
        if (close < 0 || close >= to)
          throw new NTriplesFormatError(`a datatype without its IRI: ${JSON.stringify(text.slice(from, Math.min(to, from + 120)))}`);
        at = close + 1;
      }
    } else {
      [row.object, at] = node(text, at, to);
    }
    at = skipSpace(text, at, to);
    if (text.charCodeAt(at) !== 0x2e /* . */)
      throw new NTriplesFormatError(`a line that is not a triple: ${JSON.stringify(text.slice(from, Math.min(to, from + 120)))}`);
    this.rows++;
    this.take(row);
  }
}

function skipSpace(text: string, at: number, to: number): number {
  while (at < to && (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09)) at++;
  return at;
}

/** An IRI (`<...>`) or a blank node (`_:x`) at `at`: its text, and where it ends. */
function node(text: string, at: number, to: number): [string, number] {
  const first = text.charCodeAt(at);
  if (first === 0x3c /* < */) {
    const close = text.indexOf('>', at);
    if (close < 0 || close >= to)
      throw new NTriplesFormatError(`an unclosed IRI: ${JSON.stringify(text.slice(at, Math.min(to, at + 120)))}`);
    const inner = text.slice(at + 1, close);
    return [inner.includes('\\') ? unescapeTurtle(inner) : inner, close + 1];
  }
  if (first === 0x5f /* _ */ && text.charCodeAt(at + 1) === 0x3a) {
    let end = at + 2;
    while (end < to && text.charCodeAt(end) !== 0x20 && text.charCodeAt(end) !== 0x09) end++;
    return [text.slice(at, end), end];
  }
  throw new NTriplesFormatError(`neither an IRI nor a blank node: ${JSON.stringify(text.slice(at, Math.min(to, at + 120)))}`);
}
