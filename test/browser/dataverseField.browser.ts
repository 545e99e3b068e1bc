import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, servePages, watchedPage, type HostPages } from '../support/browser.js';
import { PROJECT_ROOT } from '../../src/loadConfig.js';
import { FOOD, startService, type RunningService } from '../support/service.js';

// A keyword field as Dataverse's Skosmos integration makes one (docs/skosmos.md), on a page of
// another origin, with the real jQuery and select2 from npm: the requests are the ones that
// integration sends, written here from what it sends and reads (its script is not ours to copy):
// while a person types, three letters and more, select2's 500 ms delay, jQuery's ajax with the
// query as a data string after a URL that already has parameters (so `&&query=`):
//   rest/v1/search?unique=true&vocab=ID&parent=&lang=LANG&&query=TERM*
// the result shown as "prefLabel (altLabel), uri" and its uri stored; and for display, each
// stored IRI as a link named from rest/v1/data?uri= (Accept: application/json), its prefLabel
// in the page's language, else English, else the first.

const TOMATO = `${FOOD}tomato`;

let service: RunningService;
let browser: Browser;
let page: Page;
let host: Server;
let hostUrl: string;
const problems: string[] = [];
/** The paths and queries the page asked of the service, in order. */
const asked: string[] = [];

function hostPages(serviceUrl: string): HostPages {
  const modules = join(PROJECT_ROOT, 'node_modules');
  const head = `<meta charset="utf-8"><link rel="stylesheet" href="/select2.css"><script src="/jquery.js"></script><script src="/select2.js"></script>`;
  const page = (lang: string, body: string, script: string): [string, string] => [
    'text/html',
    `<!doctype html><html lang="${lang}"><head>${head}<title>A dataset</title></head><body>${body}<script>const SKOSMOS = ${JSON.stringify(`${serviceUrl}/`)};\n${script}</script></body></html>`,
  ];
  const edit = (lang: string): [string, string] =>
    page(
      lang,
      `<label for="term">Keyword term</label><select id="term" lang="${lang}" style="width: 30em"></select><input id="stored" name="keywordTermURL" type="hidden">`,
      `const lang = $('#term').attr('lang');
      $('#term').select2({
        minimumInputLength: 3,
        placeholder: 'Add a term',
        ajax: {
          delay: 500,
          url: () => SKOSMOS + 'rest/v1/search?unique=true&vocab=ingredients&parent=&lang=' + lang,
          data: (params) => '&query=' + params.term + '*',
          processResults: (data) => ({
            results: data.results.map((x) => ({
              id: x.uri,
              text: x.prefLabel + (x.altLabel ? ' (' + x.altLabel + '), ' : ', ') + x.uri,
            })),
          }),
        },
      });
      $('#term').on('select2:select', (event) => $('#stored').val(event.params.data.id));`,
    );
  const show = (lang: string): [string, string] =>
    page(
      lang,
      `<p>Keywords: <span class="term" data-term="${TOMATO}">${TOMATO}</span>; <span class="term" data-term="${FOOD}basil">${FOOD}basil</span></p>`,
      `const lang = document.documentElement.lang;
      $('.term').each((_, element) => {
        const iri = element.dataset.term;
        $.ajax({
          url: SKOSMOS + 'rest/v1/data?uri=' + encodeURIComponent(iri),
          headers: { Accept: 'application/json' },
          success: (data) => {
            const node = data.graph.find((resource) => resource.uri === iri);
            const labels = [].concat(node.prefLabel);
            const label = labels.find((l) => l.lang === lang) || labels.find((l) => l.lang === 'en') || labels[0];
            $(element).empty().append($('<a>').attr('href', iri).attr('hreflang', label.lang).text(label.value));
          },
        });
      });`,
    );
  return {
    '/edit': edit('en'),
    '/edit-fr': edit('fr'),
    '/show': show('en'),
    '/show-de': show('de'),
    '/jquery.js': ['text/javascript', readFileSync(join(modules, 'jquery/dist/jquery.min.js'), 'utf8')],
    '/select2.js': ['text/javascript', readFileSync(join(modules, 'select2/dist/js/select2.min.js'), 'utf8')],
    '/select2.css': ['text/css', readFileSync(join(modules, 'select2/dist/css/select2.min.css'), 'utf8')],
  };
}

beforeAll(async () => {
  service = await startService();
  ({ server: host, url: hostUrl } = await servePages(hostPages(service.url)));
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  host?.close();
  await service?.close();
});

beforeEach(async () => {
  page = await watchedPage(browser, problems, { viewport: { width: 900, height: 700 } });
  page.on('request', (request) => {
    if (request.url().startsWith(service.url)) asked.push(request.url().slice(service.url.length));
  });
  asked.length = 0;
});
afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

describe("A Dataverse keyword field on Skosmos' REST API", () => {
  test('asks nothing before three letters, then once a pause, offers the concept, and stores its IRI when picked', async () => {
    await page.goto(`${hostUrl}/edit`);
    await page.locator('.select2-selection').click();
    const search = page.locator('.select2-search__field');
    await search.pressSequentially('to', { delay: 80 });
    await page.waitForTimeout(900);
    expect(asked).toEqual([]);
    await search.pressSequentially('mat', { delay: 80 });
    const offered = page.locator('.select2-results__option');
    await offered.filter({ hasText: TOMATO }).first().waitFor({ timeout: 5000 });
    // select2's delay: one request for the pause after "tomat", none for "tom" and "toma" typed within it
    expect(asked).toEqual(['/rest/v1/search?unique=true&vocab=ingredients&parent=&lang=en&&query=tomat*']);
    expect(await offered.first().textContent()).toBe(`Tomato, ${TOMATO}`);
    await offered.first().click();
    expect(await page.locator('#stored').inputValue()).toBe(TOMATO);
    expect(await page.locator('.select2-selection__rendered').textContent()).toContain('Tomato');
  });

  test('shows the altLabel that matched what was typed beside the prefLabel', async () => {
    await page.goto(`${hostUrl}/edit`);
    await page.locator('.select2-selection').click();
    await page.locator('.select2-search__field').pressSequentially('love ap', { delay: 60 });
    const offered = page.locator('.select2-results__option');
    await offered.filter({ hasText: TOMATO }).first().waitFor({ timeout: 5000 });
    expect(await offered.first().textContent()).toBe(`Tomato (Love apple), ${TOMATO}`);
  });

  test("offers the concept in the field's language", async () => {
    await page.goto(`${hostUrl}/edit-fr`);
    await page.locator('.select2-selection').click();
    await page.locator('.select2-search__field').pressSequentially('tomat', { delay: 60 });
    const offered = page.locator('.select2-results__option');
    await offered.filter({ hasText: TOMATO }).first().waitFor({ timeout: 5000 });
    expect(await offered.first().textContent()).toMatch(/^Tomate/);
    expect(asked.at(-1)).toBe('/rest/v1/search?unique=true&vocab=ingredients&parent=&lang=fr&&query=tomat*');
  });

  test("shows stored IRIs as links named in the page's language, from data read as JSON", async () => {
    for (const [path, names] of [
      ['/show', ['Tomato', 'Basil']],
      ['/show-de', ['Tomate', 'Basilikum']],
    ] as const) {
      await page.goto(`${hostUrl}${path}`);
      const links = page.locator('.term a');
      await links.nth(1).waitFor({ timeout: 5000 });
      expect(await links.allTextContents()).toEqual(names);
      expect(await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')))).toEqual([TOMATO, `${FOOD}basil`]);
    }
    expect(asked.filter((path) => path.startsWith('/rest/v1/data?uri='))).toHaveLength(4);
  });
});
