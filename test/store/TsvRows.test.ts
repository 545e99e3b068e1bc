import fc from 'fast-check';
import { TsvFormatError, TsvRows } from '../../src/store/TsvRows.js';

// Both forms of TSV results, as the stores write them: the W3C's (Oxigraph, Jena) and
// Virtuoso's (every value quoted, quotes doubled, raw tabs and line breaks inside quotes).
const W3C =
  '?concept\t?value\t?lang\n<http://x/1>\t"a \\"quoted\\" \\t tab\\n\\\\"@en-gb\t"en-gb"\n<http://x/2>\t"\\u00e9\\U0001D11E"\t""\n<http://x/3>\t\t\n_:b0\t42\ttrue\r\n';
const W3C_ROWS = [
  ['http://x/1', 'a "quoted" \t tab\n\\', 'en-gb'],
  ['http://x/2', 'é𝄞', ''],
  ['http://x/3', '', ''],
  ['_:b0', '42', 'true'],
];
const VIRTUOSO =
  '"concept"\t"value"\t"lang"\n"http://x/1"\t"a ""quoted"" \t tab\nline \\n"\t"en-gb"\n"http://x/2"\t""\t\n"http://x/3"\t""""\t42\n';
const VIRTUOSO_ROWS = [
  ['http://x/1', 'a "quoted" \t tab\nline \\n', 'en-gb'],
  ['http://x/2', '', ''],
  ['http://x/3', '"', '42'],
];

function read(chunks: string[]): { variables: string[] | undefined; rows: string[][] } {
  const rows: string[][] = [];
  const tsv = new TsvRows((values) => rows.push(values));
  for (const chunk of chunks) tsv.push(chunk);
  tsv.end();
  return { variables: tsv.variables, rows };
}

describe('TSV results', () => {
  test.each([
    ['the W3C form', W3C, ['concept', 'value', 'lang'], W3C_ROWS],
    ["Virtuoso's form", VIRTUOSO, ['concept', 'value', 'lang'], VIRTUOSO_ROWS],
  ])('in %s read the same whatever the chunks they arrive in', (_name, text, variables, rows) => {
    expect(read([text])).toEqual({ variables, rows });
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), text.length];
        expect(read(at.slice(1).map((end, i) => text.slice(at[i], end))).rows).toEqual(rows);
      }),
    );
  });

  test('hand on the values asked for, in that order', () => {
    const rows: string[][] = [];
    const tsv = TsvRows.of(['lang', 'concept', 'absent'], (values) => rows.push(values));
    tsv.push(W3C);
    tsv.end();
    expect(rows[0]).toEqual(['en-gb', 'http://x/1', '']);
  });

  test('refuse an answer that is not TSV results, or whose rows do not fit the header', () => {
    expect(() => read(['<html>oops</html>\n'])).toThrow(TsvFormatError);
    expect(() => read(['?a\t?b\n<http://x>\n'])).toThrow(/1 values where the header names 2/);
    expect(() => read([''])).toThrow(/no header/);
  });
});
