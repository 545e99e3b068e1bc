import fc from 'fast-check';
import rdf from '@rdfjs/data-model';
import sparqljs, { type SelectQuery } from 'sparqljs';
import { NO_MATCH, bindQuery, mentionsVariable, UnsafeBindingError } from '../../src/sparql/bindQuery.js';
import { isIri } from '../../src/domain/iri.js';
import { QueryCatalog, QUERY_NAMES } from '../../src/sparql/QueryCatalog.js';
import { QUERIES_DIR, availableDialects } from '../../src/loadConfig.js';

const parser = new sparqljs.Parser();

/** Strings with every kind of character, leaning on the ones that matter in SPARQL text. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '"',
          "'",
          '\\',
          '{',
          '}',
          '<',
          '>',
          '#',
          '\n',
          '\r',
          '\t',
          '\u0000',
          '\uD800',
          '\uDFFF',
          '\u2028',
          '*',
          '.',
          ';',
          '?x',
          '$x',
          '"""',
          "'''",
          '\\u0022',
          '\\"',
        ),
        fc.constantFrom(
          ' } UNION { ?s ?p ?o } #',
          '" ) } ; DROP ALL #',
          '\\n} LIMIT 1 #',
          "' AND 'x'",
          'FILTER(true)',
          '^^<http://x>',
          '@en',
        ),
        fc.string({ unit: 'grapheme', maxLength: 4 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

/** What bindQuery accepts as a literal: well-formed, without U+2028/U+2029. */
const bindable = nasty.filter((value) => value.isWellFormed() && !/[\u2028\u2029]/.test(value));

/** The shape of a query: everything but the values of literals. */
function skeleton(query: SelectQuery): string {
  return JSON.stringify(query, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && (value as { termType?: string }).termType === 'Literal') return 'LITERAL';
    return value;
  });
}

/** Every literal value in a parsed query, in document order. */
function literals(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => literals(child, found));
  else if (typeof node === 'object' && node !== null) {
    if ((node as { termType?: string }).termType === 'Literal') found.push((node as { value: string }).value);
    else Object.values(node).forEach((child) => literals(child, found));
  }
  return found;
}

describe.each(availableDialects())('the %s query templates', (dialect) => {
  const catalog = QueryCatalog.load(dialect, QUERIES_DIR);
  const search = catalog.template('search');
  const bindSearch = (q: string, words: string[]) =>
    bindQuery(
      search,
      {
        ...(mentionsVariable(search, 'textQuery') ? { textQuery: rdf.literal(q) } : {}),
        wordPattern: words.map((word) => rdf.literal(word)),
        notation: rdf.literal(q),
        lang: rdf.literal('en'),
        scheme: rdf.namedNode('http://example.org/scheme'),
        conceptType: [rdf.namedNode('http://www.w3.org/2004/02/skos/core#Concept')],
      },
      { limit: 20, offset: 40 },
    );

  test('all parse, with sparqljs, as SELECT queries', () => {
    for (const name of QUERY_NAMES) expect(catalog.template(name).queryType).toBe('SELECT');
  });

  test('a bound literal reads back equal to the input, or the input is refused', () => {
    fc.assert(
      fc.property(nasty, nasty, (q, word) => {
        let text: string;
        try {
          text = bindSearch(q, [word]);
        } catch (error) {
          expect(error).toBeInstanceOf(UnsafeBindingError);
          expect([q, word].some((value) => !value.isWellFormed() || /[\u2028\u2029]/.test(value))).toBe(true);
          return;
        }
        const parsed = parser.parse(text) as SelectQuery;
        const values = literals(parsed);
        expect(values).toContain(q);
        expect(values).toContain(word);
      }),
      { numRuns: 500 },
    );
  });

  test('nothing bound can add a pattern, a clause or a comment', () => {
    const benign = skeleton(parser.parse(bindSearch('tea', ['a', 'b'])) as SelectQuery);
    fc.assert(
      fc.property(bindable, bindable, bindable, (q, first, second) => {
        expect(skeleton(parser.parse(bindSearch(q, [first, second])) as SelectQuery)).toBe(benign);
      }),
      { numRuns: 500 },
    );
  });

  test('an IRI is bound only when it is one, and then reads back equal', () => {
    const concepts = catalog.template('concepts');
    fc.assert(
      fc.property(
        fc.oneof(
          nasty,
          nasty.map((s) => `http://example.org/${s}`),
        ),
        (value) => {
          let text: string;
          try {
            text = bindQuery(concepts, {
              concept: [rdf.namedNode(value)],
              conceptType: [rdf.namedNode('http://x/C')],
              lang: rdf.literal('en'),
            });
          } catch (error) {
            expect(error).toBeInstanceOf(UnsafeBindingError);
            return;
          }
          expect(isIri(value) && !/[\u2028\u2029]/.test(value)).toBe(true);
          const parsed = parser.parse(text) as SelectQuery;
          const values = JSON.stringify(parsed.where);
          expect(values).toContain(JSON.stringify(value));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('bindQuery', () => {
  const template = parser.parse(
    'SELECT ?c WHERE { VALUES ?c { <http://x/default> } ?c ?p ?l FILTER(REGEX(?l, ?word)) FILTER(LANG(?l) = ?lang) FILTER EXISTS { ?c <http://x/in> ?scheme } }',
  ) as SelectQuery;

  test('fills a VALUES block with one row per term of a list', () => {
    const text = bindQuery(template, {
      c: [rdf.namedNode('http://x/1'), rdf.namedNode('http://x/2')],
      word: [],
      lang: undefined,
      scheme: undefined,
    });
    expect(text).toContain('<http://x/1>');
    expect(text).toContain('<http://x/2>');
    expect(text).not.toContain('http://x/default');
  });

  test('gives a one-term list a second VALUES row that matches nothing (Virtuoso plans one-row blocks slowly)', () => {
    const parsed = parser.parse(bindQuery(template, { c: [rdf.namedNode('http://x/1')] })) as SelectQuery;
    const values = parsed.where?.find((pattern) => pattern.type === 'values') as { values: Array<Record<string, { value: string }>> };
    expect(values.values.map((row) => row['?c']?.value)).toEqual(['http://x/1', NO_MATCH.value]);
  });

  test('repeats a FILTER per term of a list, and makes it false for an empty list', () => {
    const two = bindQuery(template, { word: [rdf.literal('a'), rdf.literal('b')] });
    expect(two.match(/REGEX/g)).toHaveLength(2);
    const none = bindQuery(template, { word: [] });
    expect(none).not.toContain('REGEX');
    expect(none).toMatch(/FILTER\("false"\^\^<http:\/\/www.w3.org\/2001\/XMLSchema#boolean>\)/);
  });

  test('leaves out the VALUES block of a placeholder bound to undefined, and keeps the FILTERs that mention its variable', () => {
    const withFilter = parser.parse('SELECT ?c WHERE { VALUES ?c { UNDEF } ?c ?p ?l FILTER(isIRI(?c)) }') as SelectQuery;
    const text = bindQuery(withFilter, { c: undefined });
    expect(text).not.toContain('VALUES');
    expect(text).toContain('ISIRI(?c)');
  });

  test('leaves out a FILTER that mentions a placeholder bound to undefined', () => {
    const text = bindQuery(template, { word: [rdf.literal('a')], lang: undefined, scheme: undefined });
    expect(text).not.toContain('LANG(');
    expect(text).not.toContain('EXISTS');
    expect(bindQuery(template, { word: [rdf.literal('a')], scheme: rdf.namedNode('http://x/s') })).toContain('EXISTS');
  });

  test('refuses a placeholder the template does not have, and terms that cannot be written safely', () => {
    expect(() => bindQuery(template, { nothing: rdf.literal('x') })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, { lang: rdf.literal('\uD800') })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, { scheme: rdf.namedNode('http://x/> } ?s ?p ?o { <') })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, { scheme: rdf.namedNode('http://x/%zz') })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, { scheme: rdf.variable('s') as never })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, { lang: rdf.literal('x', 'en"') })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, {}, { limit: -1, offset: 0 })).toThrow(UnsafeBindingError);
    expect(() => bindQuery(template, {}, { limit: 1.5, offset: 0 })).toThrow(UnsafeBindingError);
  });

  test('never changes the template', () => {
    const before = JSON.stringify(template);
    bindQuery(
      template,
      { c: [rdf.namedNode('http://x/1')], word: [rdf.literal('a')], lang: rdf.literal('en'), scheme: undefined },
      { limit: 5, offset: 10 },
    );
    expect(JSON.stringify(template)).toBe(before);
  });
});
