import fc from 'fast-check';
import oxigraph from 'oxigraph';
import type { Term } from '@rdfjs/types';
import { sparqlJsonRows } from '../../src/store/readSparqlJson.js';
import { sparqlXmlRows } from '../../src/store/readSparqlXml.js';
import type { Bindings } from '../../src/store/SparqlStore.js';

/** Every row of an answer, as the stores gather them. */
const readSparqlXml = (text: string): Bindings[] => [...sparqlXmlRows(text)];
const readSparqlJson = (document: unknown): Bindings[] => [...sparqlJsonRows(document)];

/** A row as text that says every term's kind, language and datatype, for comparing two readings. */
function shown(rows: Bindings[]): string[][] {
  const term = (t: Term): string =>
    t.termType === 'Literal' ? `${JSON.stringify(t.value)}@${t.language}^^${t.datatype.value}` : `${t.termType} ${t.value}`;
  return rows.map((row) =>
    Object.keys(row)
      .sort()
      .map((name) => `${name}=${term(row[name] as Term)}`),
  );
}

/** The same SELECT answered by the embedded engine as XML and as JSON. */
function bothForms(store: oxigraph.Store, query: string): { xml: string; json: string } {
  const answer = (format: string): string => store.query(query, { results_format: format }) as unknown as string;
  return { xml: answer('application/sparql-results+xml'), json: answer('application/sparql-results+json') };
}

// Virtuoso 7.2's own form, as it answered the concepts query: a head with attributes, white
// space between elements, raw tabs and line breaks inside a literal.
const VIRTUOSO = `<sparql xmlns="http://www.w3.org/2005/sparql-results#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.w3.org/2001/sw/DataAccess/rf1/result2.xsd">
 <head>
  <variable name="x"/>
  <variable name="i"/>
  <variable name="n"/>
  <variable name="unbound"/>
 </head>
 <results distinct="false" ordered="true">
  <result>
   <binding name="x"><literal xml:lang="de-ch">a&lt;b&amp;c&quot;d\ttab
nl é 日本 ]]&gt;</literal></binding>
   <binding name="i"><uri>http://x/a&amp;b</uri></binding>
   <binding name="n"><literal datatype="http://www.w3.org/2001/XMLSchema#integer">1</literal></binding>
  </result>
 </results>
</sparql>`;

describe('SPARQL XML results', () => {
  test('read as the same terms as the same answer in JSON, whatever the labels hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('', 'en', 'de-ch', 'ja')), { maxLength: 8 }),
        (labels) => {
          const store = new oxigraph.Store();
          labels.forEach(([text, lang], i) => {
            const subject = i % 3 === 0 ? oxigraph.blankNode(`b${i}`) : oxigraph.namedNode(`http://x/${i}?a=1&b=%3C${i}&c=é`);
            const object =
              lang !== ''
                ? oxigraph.literal(text, lang)
                : i % 2 === 1
                  ? oxigraph.literal(text, oxigraph.namedNode('http://x/type#t'))
                  : oxigraph.literal(text);
            store.add(oxigraph.quad(subject, oxigraph.namedNode('http://x/p'), object));
          });
          const { xml, json } = bothForms(store, 'SELECT ?s ?o ?unbound WHERE { ?s ?p ?o } ORDER BY STR(?s)');
          const rows = readSparqlXml(xml);
          expect(rows).toHaveLength(labels.length);
          expect(shown(rows)).toEqual(shown(readSparqlJson(JSON.parse(json))));
        },
      ),
    );
  });

  test("read in Virtuoso's form: entities, raw tabs and line breaks, typed literals, unbound variables", () => {
    expect(shown(readSparqlXml(VIRTUOSO))).toEqual([
      [
        'i=NamedNode http://x/a&b',
        `n="1"@^^http://www.w3.org/2001/XMLSchema#integer`,
        `x=${JSON.stringify('a<b&c"d\ttab\nnl é 日本 ]]>')}@de-ch^^http://www.w3.org/1999/02/22-rdf-syntax-ns#langString`,
      ],
    ]);
  });

  test('read CDATA sections, character references, single quotes, empty literals and empty results', () => {
    const text = `<?xml version="1.0"?><sparql><head/><results>
      <result><binding name='x'><literal xml:lang='fr'>&#233;t&#xE9; <![CDATA[<&amp;>]]> &apos;</literal></binding>
      <binding name="e"><literal/></binding><binding name="b"><bnode>r1</bnode></binding></result>
      <result/>
    </results></sparql>`;
    expect(shown(readSparqlXml(text))).toEqual([
      [
        'b=BlankNode r1',
        `e=""@^^http://www.w3.org/2001/XMLSchema#string`,
        `x=${JSON.stringify("été <&amp;> '")}@fr^^http://www.w3.org/1999/02/22-rdf-syntax-ns#langString`,
      ],
      [],
    ]);
    expect(readSparqlXml('<sparql><head></head><results/></sparql>')).toEqual([]);
  });

  test.each([
    ['an HTML page', '<html><body>Maintenance</body></html>'],
    ['JSON', '{"head": {"vars": []}, "results": {"bindings": []}}'],
    ['an ASK answer', '<sparql><head/><boolean>true</boolean></sparql>'],
    ['a truncated answer', '<sparql><head/><results><result><binding name="x"><uri>http://x/1</uri></binding>'],
    [
      'a binding of an unknown kind',
      '<sparql><head/><results><result><binding name="x"><triple>t</triple></binding></result></results></sparql>',
    ],
    ['a binding outside a result', '<sparql><head/><results><binding name="x"><uri>http://x/1</uri></binding></results></sparql>'],
  ])('refuse %s', (_case, text) => {
    expect(() => readSparqlXml(text)).toThrow(TypeError);
  });
});
