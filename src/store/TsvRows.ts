import { unescapeTurtle } from './unescapeTurtle.js';
const TAB = 9;
const NEWLINE = 10;
const RETURN = 13;
const QUOTE = 34;
const LESS_THAN = 60;
const BACKSLASH = 92;

/** A results text that is neither form of TSV this reader knows. */
export class TsvFormatError extends Error {
  override name = 'TsvFormatError';
}

/**
 * Reads SELECT results as tab-separated values, chunk by chunk as they arrive, and hands each
 * row's values to `take`: IRIs without their brackets, literals as their lexical form (their
 * language and datatype dropped: a query that needs the language asks for `LANG(?x)`), ""
 * where a variable is unbound. Two forms are read, told apart by the header line:
 * - the W3C's (`?a<TAB>?b`; Oxigraph, Jena, GraphDB): terms in Turtle syntax, with backslash
 *   escapes, one row per line;
 * - Virtuoso's (`"a"<TAB>"b"`): every value as a quoted string, quotes doubled, tabs and line
 *   breaks kept raw inside the quotes.
 * The cost per row is a few string searches: a million rows take about a second.
 */
export class TsvRows {
  /** The header's variable names, once read. */
  variables: string[] | undefined;
  private quoted = false;
  private carry = '';
  rows = 0;

  constructor(private readonly take: (values: string[]) => void) {}

  /** A reader that hands on the values of `variables`, in that order, whatever the header's order. */
  static of(variables: readonly string[], take: (values: string[]) => void): TsvRows {
    let columns: number[] | undefined;
    const tsv: TsvRows = new TsvRows((values) => {
      columns ??= variables.map((name) => (tsv.variables as string[]).indexOf(name));
      take(columns.map((column) => (column < 0 ? '' : (values[column] as string))));
    });
    return tsv;
  }

  /** Reads the complete rows of `chunk` (with what was left of the previous one). */
  push(chunk: string): void {
    const text = this.carry + chunk;
    this.carry = text.slice(this.read(text, false));
  }

  /** Reads what is left: the last row may lack its line break. */
  end(): void {
    const text = this.carry;
    this.carry = '';
    if (text.trim() !== '') this.read(text, true);
    if (this.variables === undefined) throw new TsvFormatError('the answer has no header line');
  }

  /** Reads rows from `text` and returns where the first incomplete one starts. */
  private read(text: string, final: boolean): number {
    let rowStart = 0;
    let at = 0;
    let cells: string[] = [];
    while (at < text.length) {
      if (this.variables === undefined) {
        const lineEnd = text.indexOf('\n');
        if (lineEnd < 0 && !final) return 0;
        const header = text.slice(0, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '');
        const names = header === '' ? [] : header.split('\t');
        this.quoted = names.length > 0 && names.every((name) => /^".*"$/.test(name));
        if (!this.quoted && !names.every((name) => /^[?$]/.test(name)))
          throw new TsvFormatError(`the header line ${JSON.stringify(header.slice(0, 100))} is not that of SPARQL TSV results`);
        this.variables = names.map((name) => (this.quoted ? name.slice(1, -1) : name.slice(1)));
        at = rowStart = lineEnd < 0 ? text.length : lineEnd + 1;
        continue;
      }
      // one cell from `at`
      let value: string;
      let end: number; // just after the cell
      const first = text.charCodeAt(at);
      if (first === QUOTE) {
        const close = this.quoted ? closingDoubled(text, at + 1) : closingEscaped(text, at + 1);
        if (close < 0) break; // the rest has not arrived
        const inner = text.slice(at + 1, close);
        value = this.quoted
          ? inner.includes('"')
            ? inner.replaceAll('""', '"')
            : inner
          : inner.includes('\\')
            ? unescapeTurtle(inner)
            : inner;
        end = delimiterAfter(text, close + 1); // skips @lang or ^^<datatype>
      } else if (first === LESS_THAN && !this.quoted) {
        const close = text.indexOf('>', at);
        if (close < 0) break;
        const inner = text.slice(at + 1, close);
        value = inner.includes('\\') ? unescapeTurtle(inner) : inner;
        end = delimiterAfter(text, close + 1);
      } else {
        end = delimiterAfter(text, at);
        value = text.slice(at, end).replace(/\r$/, '');
      }
      if (end >= text.length && !final) break;
      cells.push(value);
      const delimiter = text.charCodeAt(end);
      if (delimiter === TAB) {
        at = end + 1;
        continue;
      }
      this.row(cells);
      cells = [];
      at = rowStart = delimiter === RETURN && text.charCodeAt(end + 1) === NEWLINE ? end + 2 : end + 1;
    }
    if (final && cells.length > 0) {
      this.row(cells);
      return text.length;
    }
    return rowStart;
  }

  private row(cells: string[]): void {
    const width = (this.variables as string[]).length;
    if (cells.length === 1 && cells[0] === '' && width !== 1) return; // a blank line
    if (cells.length !== width) throw new TsvFormatError(`a row has ${cells.length} values where the header names ${width}`);
    this.rows++;
    this.take(cells);
  }
}

/** The position of the quote closing a string whose quotes inside are doubled; -1 when it has not arrived. */
function closingDoubled(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote < 0 || quote + 1 >= text.length) return -1;
    if (text.charCodeAt(quote + 1) !== QUOTE) return quote;
    at = quote + 2;
  }
}

/** The position of the quote closing a string with backslash escapes; -1 when it has not arrived. */
function closingEscaped(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** The position of the tab or line break that ends the cell around `from` (text.length if none yet). */
function delimiterAfter(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === TAB || code === NEWLINE || (code === RETURN && text.charCodeAt(at + 1) === NEWLINE)) return at;
  }
  return text.length;
}
