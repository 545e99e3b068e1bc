import fc from 'fast-check';
import { startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ CACHE_MAX_ENTRIES: '0' });
});
afterAll(() => service.close());

/** Values a form or a script might send, hostile ones included. */
const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('*', '**', 'a*b', '"', "'", '\\', '\\p{L}', '[a-z]', '(', ')', '.*', '^$', '|', '{1,9}', 'é*', '😀', '\u0301', 'x\u0301', 'ǅ', 'İ', 'ß*', ' ', '%', '%zz', 'NEAR', 'AND OR', '} UNION {'),
  fc.array(fc.constantFrom('tea', 'caf', 'é', '*', ' ', '-', 'Ż', 'ς', 'ﬁ', '١٢٣', 'ⅷ'), { maxLength: 8 }).map((parts) => parts.join('')),
);

/** `fields` values: lists of the field names, with spaces and empty items, or anything at all. */
const fields = fc.oneof(fc.array(fc.constantFrom('broader', 'notation', 'scheme', 'scopeNote', '', ' ', 'Broader'), { maxLength: 5 }).map((names) => names.join(',')), value);

/** Percent-encodes every UTF-16 unit, lone surrogates as the bytes of U+FFFD, as a browser would. */
function encode(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

function expectContractAnswer(status: number, body: any): void {
  expect([200, 400]).toContain(status);
  if (status === 400) {
    expect(body).toEqual({ status: 400, error: 'Bad Request', message: expect.stringMatching(/'(q|count|page|lang|scheme|uri|fields)'/) });
  }
}

describe('whatever a request sends', () => {
  test('/search and /suggest answer 200 or a 400 naming the parameter, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/search', '/suggest'), value, fc.option(value), fc.option(value), fc.option(value), fc.option(fields), async (path, q, count, lang, scheme, fieldList) => {
        let query = `q=${encode(q)}`;
        if (count !== null) query += `&count=${encode(count)}`;
        if (lang !== null) query += `&lang=${encode(lang)}`;
        if (scheme !== null) query += `&scheme=${encode(scheme)}`;
        if (fieldList !== null) query += `&fields=${encode(fieldList)}`;
        const { status, body } = await service.get(`${path}?${query}`);
        expectContractAnswer(status, body);
        if (status === 200) expect(Array.isArray(body.concepts)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test('/get answers 200 or a 400 naming the parameter, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(value, value.map((v) => `http://example.org/${v}`), value.map((v) => `urn:${v}`)), { minLength: 1, maxLength: 5 }), async (uris) => {
        const { status, body } = await service.get(`/get?${uris.map((uri) => `uri=${encode(uri)}`).join('&')}`);
        expectContractAnswer(status, body);
        if (status === 200) expect(Array.isArray(body._embedded.concepts)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('a query word that is not a search term still runs: every letter and digit of any script', async () => {
    for (const q of ['\\p{L}', 'a.b', 'x\u0301', 'ǅ', 'İstanbul', 'ﬁsh', '١٢٣', 'Ⅷ', '𝔘𝔫𝔦', 'ß', 'ẞ', 'ΣΊΣΥΦΟΣ', 'ǰ', 'ŉ']) {
      for (const path of ['/search', '/suggest']) {
        expect((await service.get(`${path}?q=${encode(q)}`)).status).toBe(200);
      }
    }
  });
});
