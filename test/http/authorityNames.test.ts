import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// A name authority file (the LC Name Authority File, GND's persons and bodies) writes its
// headings without a language tag, inverted and with dates or a qualifier, and gives each
// name variants: in direct order, with initials, in other scripts. The benchmark's ten
// million names are of this shape (bench/generate-vocabulary.mjs --labels authority); here a
// few, on the embedded store, as a cataloguer's form asks for them. API.md: a label without
// a tag speaks every language, `lang` never filters it out, and it is the prefLabel shown
// where the language asked for has none.

const N = 'https://example.org/names/';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

const NAMES: Array<{ id: string; heading: string; variants: Array<[string, string?]> }> = [
  {
    id: 'twain',
    heading: 'Twain, Mark, 1835-1910',
    variants: [['Mark Twain'], ['Clemens, Samuel Langhorne, 1835-1910'], ['Твен, Марк', 'ru'], ['Τουέιν, Μαρκ', 'el']],
  },
  { id: 'twining', heading: 'Twining, Louisa, 1820-1912', variants: [['Louisa Twining']] },
  { id: 'friends', heading: 'Society of Friends (London)', variants: [['London Society of Friends'], ['Religious Society of Friends']] },
  { id: 'weber', heading: 'Weber, Max, 1864-1920', variants: [['Max Weber'], ['Вебер, Макс', 'ru']] },
  { id: 'weber-painter', heading: 'Weber, Max, 1881-1961 (Painter)', variants: [['Max Weber']] },
  { id: 'conference', heading: 'Conference on Data Semantics (3rd : 1998 : Leiden)', variants: [['Data Semantics Conference']] },
];

// on the label index, and again on the store path (npm test runs test/http with LABEL_INDEX=off)
const embedded = process.env.SPARQL_ENDPOINT === undefined;

(embedded ? describe : describe.skip)("an authority file's names, without a language tag", () => {
  let dir: string;
  let service: RunningService;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'authority-'));
    const file = join(dir, 'names.nt');
    const lines = [`<${N}scheme> <${TYPE}> <${SKOS}ConceptScheme> .`];
    for (const { id, heading, variants } of NAMES) {
      lines.push(`<${N}${id}> <${TYPE}> <${SKOS}Concept> .`, `<${N}${id}> <${SKOS}inScheme> <${N}scheme> .`);
      lines.push(`<${N}${id}> <${SKOS}prefLabel> ${JSON.stringify(heading)} .`);
      for (const [text, lang] of variants)
        lines.push(`<${N}${id}> <${SKOS}altLabel> ${JSON.stringify(text)}${lang === undefined ? '' : `@${lang}`} .`);
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    service = await startService({ DATA_FILES: file });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const concepts = (body: unknown): Array<{ uri: string; prefLabel: string; altLabels: string[] }> =>
    (body as { concepts: Array<{ uri: string; prefLabel: string; altLabels: string[] }> }).concepts;
  const uris = (body: unknown): string[] => concepts(body).map((concept) => concept.uri);

  test("are suggested from the surname's first letters in any language asked for, the heading as it is written", async () => {
    for (const lang of ['', '&lang=en', '&lang=de']) {
      const { status, body } = await service.get(`/suggest?q=twa${lang}`);
      expect(status).toBe(200);
      expect(uris(body)).toEqual([`${N}twain`]);
      expect(concepts(body)[0]?.prefLabel).toBe('Twain, Mark, 1835-1910');
    }
  });

  test('are found by a variant in another script, which shows the heading where the name has none in that language', async () => {
    const { body } = await service.get(`/search?q=${encodeURIComponent('Твен')}&lang=ru`);
    expect(uris(body)).toEqual([`${N}twain`]);
    expect(concepts(body)[0]).toMatchObject({
      prefLabel: 'Twain, Mark, 1835-1910',
      altLabels: expect.arrayContaining(['Твен, Марк', 'Mark Twain']),
    });
    // Greek is neither ru nor untagged: not matched under lang=ru, matched without it
    expect(uris((await service.get(`/search?q=${encodeURIComponent('Τουέιν')}&lang=ru`)).body)).toEqual([]);
    expect(uris((await service.get(`/search?q=${encodeURIComponent('Τουέιν')}`)).body)).toEqual([`${N}twain`]);
  });

  test('are found in direct order and by a former name, and two people of one name both come back', async () => {
    expect(uris((await service.get('/search?q=mark%20twain')).body)[0]).toBe(`${N}twain`);
    expect(uris((await service.get('/search?q=samuel%20clemens')).body)).toEqual([`${N}twain`]);
    expect(uris((await service.get('/search?q=max%20weber')).body).sort()).toEqual([`${N}weber`, `${N}weber-painter`]);
  });

  test('are found by a word of a body or a meeting, whatever the brackets and colons around it', async () => {
    expect(uris((await service.get('/search?q=friends')).body)).toEqual([`${N}friends`]);
    expect(uris((await service.get('/search?q=leiden')).body)).toEqual([`${N}conference`]);
    expect(uris((await service.get('/suggest?q=data%20sem')).body)).toEqual([`${N}conference`]);
  });
});
