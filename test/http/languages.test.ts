import { startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ DEFAULT_LANG: 'fr' });
});
afterAll(() => service.close());

describe('GET /languages', () => {
  test("lists the languages of the concepts' preferred labels, sorted, and the default language", async () => {
    const { status, headers, body } = await service.get('/languages');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    expect(headers.get('etag')).not.toBeNull();
    // the sample's prefLabels are in de, en and fr; en-GB is an altLabel's only
    expect(body).toEqual({ default: 'fr', languages: ['de', 'en', 'fr'] });
  });

  test("the start's DEFAULT_LANG check: a language range is spoken where a concept's prefLabel is in it", async () => {
    await expect(service.concepts.speaks('de')).resolves.toBe(true);
    await expect(service.concepts.speaks('fr')).resolves.toBe(true);
    await expect(service.concepts.speaks('fi')).resolves.toBe(false);
    await expect(service.concepts.speaks('e')).resolves.toBe(false);
    // en-GB is an altLabel's only, and the range en-gb does not take a label tagged en
    await expect(service.concepts.speaks('en-gb')).resolves.toBe(false);
  });

  test('is a 405 for other methods, like every path', async () => {
    expect((await service.get('/languages', { method: 'POST' })).status).toBe(405);
  });
});
