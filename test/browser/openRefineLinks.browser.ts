import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchedPage } from '../support/browser.js';
import { odditiesSettings, startService, type RunningService } from '../support/service.js';

// The links OpenRefine makes from the reconciliation manifest, followed in a real browser:
// the concept's IRI put raw into the `view` and `preview` templates, then through encodeURI
// (its cell renderer and preview flyout), so that a `#` stays a fragment and `&` splits the
// query. Each must still show that concept: the page reads the IRI after `uri=`, and the
// preview asks again with the fragment it could not see. On the real-world oddities.

const H = 'http://vocab.example.org/heritage/';
const LIBRARIES = `${H}thesaurus#libraries`;
const PUBLIC_LIBRARIES = `${H}term?id=42&lang=en`;

let service: RunningService;
let browser: Browser;
let page: Page;
let manifest: { view: { url: string }; preview: { url: string } };
const problems: string[] = [];

beforeAll(async () => {
  service = await startService(odditiesSettings());
  manifest = (await service.get('/reconcile')).body;
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
});
beforeEach(async () => {
  page = await watchedPage(browser, problems, {}, (text) => /404/.test(text));
});
afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

const linkOf = (template: string, id: string): string => encodeURI(template.replace('{{id}}', id));

describe('links OpenRefine makes from the manifest', () => {
  test.each([LIBRARIES, PUBLIC_LIBRARIES])('the view link of %s opens that concept’s card', async (iri) => {
    await page.goto(linkOf(manifest.view.url, iri));
    const card = page.getByRole('article');
    await card.locator('.card-uri').waitFor({ state: 'visible' });
    expect(await card.locator('.card-uri').innerText()).toBe(iri);
  });

  test.each([LIBRARIES, PUBLIC_LIBRARIES])('the preview link of %s shows that concept, the fragment mended by the page', async (iri) => {
    await page.goto(linkOf(manifest.preview.url, iri));
    await page.locator('.uri').filter({ hasText: iri }).waitFor({ timeout: 5000 });
    expect(await page.locator('.uri').innerText()).toBe(iri);
    expect(await page.title()).toBe(iri === LIBRARIES ? 'Libraries' : 'Public libraries');
  });

  test.each([LIBRARIES, PUBLIC_LIBRARIES])(
    "the 1.0 draft manifest's view template, expanded as RFC 6570 says, opens the card of %s",
    async (iri) => {
      const draft = (await service.get('/reconcile/1.0-draft')).body as { view: { url: string } };
      // simple expansion: the value percent-encoded, all but the unreserved characters
      await page.goto(
        draft.view.url.replace(
          '{id}',
          encodeURIComponent(iri).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
        ),
      );
      const card = page.getByRole('article');
      await card.locator('.card-uri').waitFor({ state: 'visible' });
      expect(await card.locator('.card-uri').innerText()).toBe(iri);
    },
  );

  test('a preview of an id that is no concept says so, and stays', async () => {
    await page.goto(linkOf(manifest.preview.url, `${H}nothing#here`));
    await page.getByText(`No concept ${H}nothing#here`).waitFor({ timeout: 5000 });
    expect(page.url()).toBe(`${service.url}/reconcile/preview?id=${encodeURIComponent(`${H}nothing#here`)}`); // asked again once, then stays
  });
});
