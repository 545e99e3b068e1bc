import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchedPage } from '../support/browser.js';
import { PROJECT_ROOT } from '../../src/loadConfig.js';
import { FOOD, startService, type RunningService } from '../support/service.js';

/** Where the screenshots go; README.md shows them. */
const SCREENSHOTS = `${PROJECT_ROOT}docs/images`;

let service: RunningService;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  service = await startService({ BASE_PATH: '/vocab' });
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

beforeEach(async () => {
  // a script error, a refused load (CSP) or a failed request is a failure of the page
  page = await watchedPage(browser, problems, { viewport: { width: 1100, height: 760 }, colorScheme: 'light', locale: 'en-GB' });
  page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
});
afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

const field = () => page.getByRole('combobox', { name: 'Concept' });
const listbox = () => page.getByRole('listbox', { name: 'Suggestions' });
const options = () => listbox().getByRole('option');

/** Waits until `read` gives `expected` (5 s at most), then expects it. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 5000;
  let last = await read();
  while (last !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  expect(last).toBe(expected);
}

async function typeSlowly(text: string): Promise<void> {
  await field().click();
  await field().pressSequentially(text, { delay: 60 });
}

describe('the type-ahead page', () => {
  test('suggests as one types, moves with the arrows, opens a card with Enter and follows a related link', async () => {
    await page.goto(`${service.url}/`);
    await typeSlowly('sweet po');

    await listbox().waitFor({ state: 'visible' });
    expect(await field().getAttribute('aria-expanded')).toBe('true');
    expect(await options().first().innerText()).toContain('Sweet potato');
    // the typed parts are highlighted, the rest is not
    expect(await options().first().locator('mark').allInnerTexts()).toEqual(['Sweet', 'po']);
    await page
      .locator('concept-field [role="status"]')
      .filter({ hasText: /^\d+ suggestions?\./ })
      .waitFor({ state: 'attached' });

    await field().press('ArrowDown');
    const first = await options().first().getAttribute('id');
    expect(await field().getAttribute('aria-activedescendant')).toBe(first);
    expect(await options().first().getAttribute('aria-selected')).toBe('true');
    if ((await options().count()) > 1) {
      await field().press('ArrowDown');
      expect(await field().getAttribute('aria-activedescendant')).toBe(await options().nth(1).getAttribute('id'));
      expect(await options().first().getAttribute('aria-selected')).toBe('false');
      await field().press('ArrowUp');
      expect(await field().getAttribute('aria-activedescendant')).toBe(first);
    }

    await field().press('Enter');
    const card = page.getByRole('article');
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Sweet potato');
    expect(await field().getAttribute('aria-expanded')).toBe('false');
    // the field holds the chosen concept, the text typed is gone
    expect(await page.locator('concept-field .chip').allInnerTexts()).toEqual([expect.stringContaining('Sweet potato')]);
    expect(await field().inputValue()).toBe('');
    expect(await card.locator('.card-uri').innerText()).toBe(`${FOOD}sweet-potato`);
    expect(new URL(page.url()).searchParams.get('uri')).toBe(`${FOOD}sweet-potato`);

    await card.getByRole('link', { name: 'Potato', exact: true }).click();
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Potato');
    expect(await card.locator('#card-alt li').allInnerTexts()).toContain('Spud');
    // skos:related is stated one way in the data; the card shows it both ways
    expect(await card.locator('#card-related a').allInnerTexts()).toContain('Sweet potato');
    expect(new URL(page.url()).searchParams.get('uri')).toBe(`${FOOD}potato`);

    await page.goBack();
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Sweet potato');

    // the screenshot of the README: a card, and the list open above it
    await field().fill('');
    await typeSlowly('tea');
    await eventually(async () => (await listbox().isVisible()) && (await options().first().innerText()).startsWith('Tea'), true);
    await field().press('ArrowDown');
    await field().press('ArrowDown');
    await page.screenshot({ path: `${SCREENSHOTS}/type-ahead-desktop.png` });

    await field().press('Escape');
    expect(await field().getAttribute('aria-expanded')).toBe('false');
    expect(await listbox().isVisible()).toBe(false);
  });

  test('the broader concept under each suggestion tells namesakes apart; the card shows broader links, notations and the scope note', async () => {
    await page.goto(`${service.url}/`);
    await typeSlowly('mint');
    await listbox().waitFor({ state: 'visible' });
    const mints = options().filter({ has: page.locator('.label', { hasText: /^Mint$/ }) });
    await eventually(() => mints.count(), 2);
    expect((await mints.locator('.broader').allInnerTexts()).sort()).toEqual(['in Herbs and spices', 'in Pastries and desserts']);
    await field().press('ArrowDown');
    await page.screenshot({ path: `${SCREENSHOTS}/type-ahead-broader.png` });

    await field().fill('');
    await typeSlowly('tea');
    await eventually(async () => (await listbox().isVisible()) && (await options().first().innerText()).startsWith('Tea'), true);
    await field().press('Enter');
    const card = page.getByRole('article');
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Tea');
    expect(await card.locator('#card-notation').innerText()).toBe('DSH-101');
    expect(await card.locator('#card-note p').innerText()).toMatch(/^The drink brewed from the leaves/);
    await card.locator('#card-broader').getByRole('link', { name: 'Beverages' }).click();
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Beverages');
    expect(await card.locator('#card-broader').isVisible()).toBe(false); // a top concept: no broader concept, no section
    expect(await card.locator('#card-note').isVisible()).toBe(false);
  });

  test("a card shows the concept's place: its ancestors as a breadcrumb and its narrower concepts, each a link to walk on", async () => {
    await page.goto(`${service.url}/?uri=${encodeURIComponent(`${FOOD}green-tea`)}`);
    const card = page.getByRole('article');
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Green tea');
    const place = card.getByRole('navigation', { name: 'Place in the vocabulary' });
    expect(await place.getByRole('link').allInnerTexts()).toEqual(['Beverages', 'Tea']);
    await place.getByRole('link', { name: 'Tea' }).click();
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Tea');
    expect(await card.locator('#card-narrower').getByRole('link').allInnerTexts()).toEqual(['Green tea', 'Iced tea']);
    await card.locator('#card-narrower').getByRole('link', { name: 'Iced tea' }).click();
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Iced tea');
    expect(await card.locator('#card-narrower').isVisible()).toBe(false); // nothing below: no section
    await place.getByRole('link', { name: 'Beverages' }).click();
    await eventually(() => card.getByRole('heading', { level: 2 }).innerText(), 'Beverages');
    expect(await place.isVisible()).toBe(false); // a top concept: no breadcrumb
  });

  test('the reconciliation preview renders in an iframe of another page, with its styles and no script', async () => {
    const preview = `${service.url}/reconcile/preview?id=${encodeURIComponent(`${FOOD}tea`)}`;
    await page.setViewportSize({ width: 470, height: 270 });
    // the client's page (OpenRefine's, say) on another origin: a second local server
    const client = createServer((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(
          `<!doctype html><body style="margin:16px;background:#eee"><iframe src="${preview}" width="420" height="220" style="border:1px solid #bbb;background:#fff"></iframe></body>`,
        ),
    );
    await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(client.address() as AddressInfo).port}/`);
      const frame = page.frameLocator('iframe');
      await eventually(() => frame.getByRole('heading', { level: 1 }).innerText(), 'Tea');
      expect(await frame.locator('table').innerText()).toMatch(/Broader\s+Beverages/);
      await page.screenshot({ path: `${SCREENSHOTS}/reconcile-preview.png` });
    } finally {
      client.close();
    }
  });

  test('Enter with nothing highlighted opens the first suggestion; one found through another label says so', async () => {
    await page.goto(`${service.url}/`);
    await typeSlowly('paradeis'); // "Paradeiser"@de, an altLabel of Tomato
    await listbox().waitFor({ state: 'visible' });
    expect(await options().first().locator('.label').innerText()).toBe('Tomato');
    expect(await options().first().locator('mark').count()).toBe(0);
    expect(await options().first().locator('.via').innerText()).toBe('found by another of its labels');
    expect(await options().first().locator('.label').getAttribute('dir')).toBe('auto');
    await field().press('Enter');
    await eventually(() => page.getByRole('article').getByRole('heading', { level: 2 }).innerText(), 'Tomato');
    expect(await page.getByRole('article').getByRole('heading', { level: 2 }).getAttribute('dir')).toBe('auto');
  });

  test('Arabic labels read right to left in the list and on the card, Russian ones left to right (UNESCO, from ../shared)', async () => {
    const unesco = await startService({ DATA_FILES: `${PROJECT_ROOT}../shared/vocabularies/unesco-thesaurus.ttl` });
    try {
      for (const [lang, typed, shot] of [
        ['ar', 'مكتب', 'type-ahead-arabic'],
        ['ru', 'библ', 'type-ahead-russian'],
      ] as const) {
        await page.goto(`${unesco.url}/`);
        const select = page.getByLabel('Language');
        await select.locator(`option[value="${lang}"]`).waitFor({ state: 'attached' });
        await select.selectOption(lang);
        await typeSlowly(typed);
        await listbox().waitFor({ state: 'visible' });
        const label = options().first().locator('.label');
        expect(await label.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).direction)).toBe(
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        await page.screenshot({ path: `${SCREENSHOTS}/${shot}-list.png` });
        await field().press('Enter');
        const heading = page.getByRole('article').getByRole('heading', { level: 2 });
        await heading.waitFor({ state: 'visible' });
        expect(await heading.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).direction)).toBe(
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        await page.screenshot({ path: `${SCREENSHOTS}/${shot}-card.png` });
        await field().fill('');
      }
    } finally {
      await unesco.close();
    }
  }, 60_000);

  test('the language selector chooses the language of matching and of labels', async () => {
    await page.goto(`${service.url}/`);
    const select = page.getByLabel('Language');
    await select.locator('option[value="de"]').waitFor({ state: 'attached' });
    await select.selectOption('de');
    await typeSlowly('kart');
    await listbox().waitFor({ state: 'visible' });
    expect(await options().first().innerText()).toContain('Kartoffel');
    await field().press('ArrowDown');
    await field().press('Enter');
    await eventually(() => page.getByRole('article').getByRole('heading', { level: 2 }).innerText(), 'Kartoffel');
    expect(await page.locator('#card-alt li').allInnerTexts()).toContain('Erdapfel');
  });

  test('the language selector is filled where the browser says its locale is no valid tag (en-US@posix)', async () => {
    await page.addInitScript('Object.defineProperty(Navigator.prototype, "language", { get: () => "en-US@posix" })');
    await page.goto(`${service.url}/`);
    const select = page.getByLabel('Language');
    await select.locator('option[value="de"]').waitFor({ state: 'attached' });
    expect(await select.locator('option[value="de"]').innerText()).toBe('German (de)');
  });

  test('a card opened by its link on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${service.url}/?uri=${encodeURIComponent(`${FOOD}tomato`)}`);
    await eventually(() => page.getByRole('article').getByRole('heading', { level: 2 }).innerText(), 'Tomato');
    await typeSlowly('to');
    await eventually(async () => (await listbox().isVisible()) && (await options().first().innerText()).startsWith('To'), true);
    await page.screenshot({ path: `${SCREENSHOTS}/type-ahead-phone.png` });
    // nothing is wider than the screen
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
  });

  test('a link to a URI that is no concept says so', async () => {
    await page.goto(`${service.url}/?uri=${encodeURIComponent('https://example.org/nothing-here')}`);
    await eventually(() => page.getByRole('alert').innerText(), 'Sorry: there is no concept https://example.org/nothing-here.');
    expect(await page.getByRole('article').isVisible()).toBe(false);
  });

  test('the API docs render the OpenAPI description with the Swagger UI the service serves', async () => {
    await page.goto(`${service.url}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor({ state: 'visible' });
    expect(await page.locator('.swagger-ui .info .title').innerText()).toMatch(/^SKOS concept lookup/);
    expect(await page.locator('.opblock-summary-path').allInnerTexts()).toEqual(expect.arrayContaining(['/get', '/search', '/suggest']));
  });
});

describe('the type-ahead page of a drop-in for skos-suggester', () => {
  test("suggests from the old service's envelope (API_COMPAT=skos-suggester)", async () => {
    const compat = await startService({ API_COMPAT: 'skos-suggester' });
    try {
      await page.goto(`${compat.url}/`);
      await typeSlowly('sweet po');
      await listbox().waitFor({ state: 'visible' });
      expect(await options().first().innerText()).toContain('Sweet potato');
    } finally {
      await compat.close();
    }
  });
});
