import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, servePages, watchedPage, type HostPages } from '../support/browser.js';
import { RETRY_AFTER_SECONDS } from '../../src/errors.js';
import { PROJECT_ROOT } from '../../src/loadConfig.js';
import type { SparqlStore } from '../../src/store/SparqlStore.js';
import { StartingStore } from '../../src/store/StartingStore.js';
import { createStore } from '../../src/store/createStore.js';
import { freePort } from '../support/freePort.js';
import { FOOD, startService, testConfig, type RunningService } from '../support/service.js';

// <concept-field> on a form of ANOTHER origin than the service (a second local server), as a
// cataloguing form on its own site would use it: loaded by a script tag, over CORS.

const SAMPLE = `${PROJECT_ROOT}data/sample-vocabulary.ttl`;
const RTL = 'https://example.org/rtl/';

let service: RunningService;
let browser: Browser;
let page: Page;
let host: Server;
let hostUrl: string;
const problems: string[] = [];

/** The other origin's pages: plain HTML forms, and one made with React's controlled inputs. */
function hostPages(serviceUrl: string): HostPages {
  const script = `<script type="module" src="${serviceUrl}/concept-field.js"></script>`;
  const html = (body: string, head = ''): [string, string] => [
    'text/html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A cataloguing form</title>${script}${head}</head><body><main>${body}</main></body></html>`,
  ];
  const shown = `<output id="submitted"></output><script type="module">
    for (const form of document.forms) form.addEventListener('submit', (event) => {
      event.preventDefault();
      document.getElementById('submitted').value = JSON.stringify([...new FormData(form)]);
    });
  </script>`;
  const modules = join(PROJECT_ROOT, 'node_modules');
  return {
    '/plain': html(`<h1>Describe an item</h1><form>
      <label for="title">Title</label> <input id="title" name="title">
      <label for="subject">Subjects</label>
      <concept-field id="subject" name="subject" multiple required fields="broader"><input name="subject"></concept-field>
      <label for="place">Place of origin</label>
      <concept-field id="place" name="place" value="${FOOD}tomato"></concept-field>
      <button type="submit">Save</button> <button type="reset">Reset</button>
    </form>${shown}`),
    '/browse': html(`<h1>Describe an item</h1><form>
      <label for="dish">Dish</label>
      <concept-field id="dish" name="dish" browse scheme="${FOOD}dishes" fields="ancestors"></concept-field>
      <label for="anything">Anything</label>
      <concept-field id="anything" name="anything" multiple browse></concept-field>
      <button type="submit">Save</button>
    </form>${shown}`),
    '/details': html(
      `<h1>Describe an item</h1><form><label for="subject">Subject</label><concept-field id="subject" name="subject" fields="scheme notation"></concept-field></form>`,
    ),
    '/rtl': html(
      `<h1>Describe an item</h1><form><label for="subject">Subject</label><concept-field id="subject" name="subject" lang=""></concept-field></form>`,
    ),
    // A page in German: its messages set for every field once the element is defined (the field is connected by then),
    // as /concept-field says: the class asked from customElements, not imported again.
    '/german': [
      'text/html',
      html(
        `<h1>Ein Objekt beschreiben</h1><form><label for="subject">Schlagwörter</label>
        <concept-field id="subject" name="subject" multiple required value="${FOOD}tomato"></concept-field></form>`,
        `<script type="module">
          await customElements.whenDefined('concept-field');
          customElements.get('concept-field').messages = {
            suggestions: 'Vorschläge',
            chosenList: 'Gewählte Begriffe',
            remove: (label) => label + ' entfernen',
            found: (count) => count + (count === 1 ? ' Vorschlag.' : ' Vorschläge.'),
            none: 'Kein Begriff gefunden.',
            required: 'Bitte einen Begriff wählen.',
          };
        </script>`,
      )[1].replace('<html lang="en">', '<html lang="de">'),
    ],
    '/react': html(
      `<h1>Describe an item</h1><div id="root"></div><output id="submitted"></output>`,
      `<script src="/react.js"></script><script src="/react-dom.js"></script><script type="module" src="/app.js"></script>`,
    ),
    '/react.js': ['text/javascript', readFileSync(join(modules, 'react/umd/react.production.min.js'), 'utf8')],
    '/react-dom.js': ['text/javascript', readFileSync(join(modules, 'react-dom/umd/react-dom.production.min.js'), 'utf8')],
    // A form whose inputs React controls: the concept field keeps its own state across React's renders.
    '/app.js': [
      'text/javascript',
      `const e = React.createElement;
      function App() {
        const [title, setTitle] = React.useState('');
        const [chosen, setChosen] = React.useState([]);
        const field = React.useRef(null);
        React.useEffect(() => {
          const element = field.current;
          const changed = () => setChosen(element.concepts.map((concept) => concept.prefLabel));
          element.addEventListener('change', changed);
          return () => element.removeEventListener('change', changed);
        }, []);
        const submit = (event) => {
          event.preventDefault();
          document.getElementById('submitted').value = JSON.stringify([...new FormData(event.target)]);
        };
        return e('form', { onSubmit: submit },
          e('label', { htmlFor: 'title' }, 'Title'), e('input', { id: 'title', name: 'title', value: title, onChange: (event) => setTitle(event.target.value) }),
          e('label', { htmlFor: 'subject' }, 'Subjects'), e('concept-field', { id: 'subject', name: 'subject', multiple: '', ref: field }),
          e('p', { id: 'chosen' }, chosen.join(', ')),
          e('button', { type: 'submit' }, 'Save'));
      }
      ReactDOM.createRoot(document.getElementById('root')).render(e(App));`,
    ],
  };
}

async function startHost(serviceUrl: string): Promise<void> {
  ({ server: host, url: hostUrl } = await servePages(hostPages(serviceUrl)));
}

beforeAll(async () => {
  const rtl = join(mkdtempSync(join(tmpdir(), 'rtl-')), 'rtl.ttl');
  writeFileSync(
    rtl,
    `@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
     <${RTL}library> a skos:Concept ; skos:prefLabel "مكتبة"@ar, "ספרייה"@he, "Library"@en .`,
  );
  service = await startService({ BASE_PATH: '/vocab', DATA_FILES: `${SAMPLE},${rtl}` });
  await startHost(service.url);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  host?.close();
  await service?.close();
});

beforeEach(async () => {
  page = await watchedPage(browser, problems, { viewport: { width: 900, height: 700 }, locale: 'en-GB' });
});
afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

const combobox = (name: string) => page.getByRole('combobox', { name });
const options = () => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
const chips = (id: string) => page.locator(`#${id} .chip`);
const submitted = async (): Promise<string[][]> => JSON.parse((await page.locator('#submitted').textContent()) || '[]');

/** Waits until what `read` gives equals `expected` (matchers allowed; 5 s at most unless told), then expects it. */
async function eventually<T>(read: () => Promise<T>, expected: T, withinMs = 5000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    const last = await read();
    try {
      expect(last).toEqual(expected);
      return;
    } catch (error) {
      if (Date.now() >= until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the concept field on a form of another origin', () => {
  test('filled by keyboard alone: Tab to it, type, arrows, Enter; the form submits the chosen IRIs, one entry each', async () => {
    await page.goto(`${hostUrl}/plain`);
    await page.keyboard.press('Tab'); // the title
    await page.keyboard.type('A recipe book');
    await page.keyboard.press('Tab'); // the concept field
    expect(
      await combobox('Subjects').evaluate(
        (input) => input === (input.getRootNode() as unknown as { activeElement: unknown }).activeElement,
      ),
    ).toBe(true);
    await page.keyboard.type('sweet po', { delay: 40 });
    await eventually(async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Sweet potato'), true);
    expect(await combobox('Subjects').getAttribute('aria-expanded')).toBe('true');
    expect(await options().first().locator('mark').allInnerTexts()).toEqual(['Sweet', 'po']);
    // the count is said once typing pauses; each option says where it stands ("1 of 5")
    await eventually(() => page.locator('#subject [role="status"]').innerText(), expect.stringMatching(/^\d+ suggestions?\./) as never);
    expect(await options().first().getAttribute('aria-posinset')).toBe('1');
    expect(await options().first().getAttribute('aria-setsize')).toBe(String(await options().count()));
    await page.keyboard.press('ArrowDown');
    expect(await combobox('Subjects').getAttribute('aria-activedescendant')).toBe(await options().first().getAttribute('id'));
    await page.keyboard.press('Enter');
    expect(await chips('subject').allInnerTexts()).toEqual([expect.stringContaining('Sweet potato')]);
    expect(await combobox('Subjects').inputValue()).toBe('');

    await page.keyboard.type('tea', { delay: 40 });
    await eventually(async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Tea'), true);
    await page.keyboard.press('End'); // nothing active yet: the caret's key
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    const last = (await options().count()) - 1;
    expect(await combobox('Subjects').getAttribute('aria-activedescendant')).toBe(await options().nth(last).getAttribute('id'));
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await chips('subject').count()).toBe(2);

    // Backspace in the empty field removes the last one chosen; the remove buttons are reached by Tab
    await page.keyboard.press('Backspace');
    expect(await chips('subject').allInnerTexts()).toEqual([expect.stringContaining('Sweet potato')]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    expect(await page.locator('#subject').evaluate((field) => field.shadowRoot?.activeElement?.getAttribute('aria-label'))).toBe(
      'Remove Sweet potato',
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(submitted, [
      ['title', 'A recipe book'],
      ['subject', `${FOOD}sweet-potato`],
      ['place', `${FOOD}tomato`],
    ]);
  });

  test('filled by mouse; a preset value shows its label; reset brings back the preset and empties the rest; required is checked', async () => {
    await page.goto(`${hostUrl}/plain`);
    await eventually(() => chips('place').allInnerTexts(), [expect.stringContaining('Tomato')] as never);
    // required and empty: the browser's validation stops the submission
    expect(await page.locator('#subject').evaluate((field) => (field as unknown as { checkValidity(): boolean }).checkValidity())).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await submitted()).toEqual([]);

    await combobox('Subjects').click();
    await combobox('Subjects').pressSequentially('mint', { delay: 40 });
    await eventually(() => options().count(), 2);
    expect((await options().locator('.broader').allInnerTexts()).sort()).toEqual(['in Herbs and spices', 'in Pastries and desserts']);
    await options().nth(1).click();
    await combobox('Subjects').pressSequentially('tea', { delay: 40 });
    await eventually(async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Tea'), true);
    await options().first().click();
    expect(await chips('subject').count()).toBe(2);
    await page
      .locator('#subject')
      .getByRole('button', { name: /^Remove Mint/ })
      .click();
    expect(await chips('subject').allInnerTexts()).toEqual([expect.stringContaining('Tea')]);

    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await submitted()).filter(([name]) => name === 'subject'), [['subject', `${FOOD}tea`]]);

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await chips('subject').count()).toBe(0);
    expect(await chips('place').allInnerTexts()).toEqual([expect.stringContaining('Tomato')]); // its label known: at once
    expect(await page.locator('#subject').evaluate((field) => (field as unknown as { checkValidity(): boolean }).checkValidity())).toBe(
      false,
    );

    // disabled: no value in the form data, no typing, no removing
    await page.locator('#place').evaluate((field) => field.setAttribute('disabled', ''));
    expect(await combobox('Place of origin').isDisabled()).toBe(true);
    expect(
      await page
        .locator('#place')
        .getByRole('button', { name: /^Remove/ })
        .isDisabled(),
    ).toBe(true);
    await page.locator('#subject').evaluate((field) => field.removeAttribute('required'));
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(submitted, [['title', '']]);
  });

  test('fields="scheme notation" shows each suggestion\'s schemes by their names and its notations', async () => {
    await page.goto(`${hostUrl}/details`);
    await combobox('Subject').pressSequentially('beverages', { delay: 40 });
    await eventually(async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Beverages'), true);
    expect(await options().first().locator('.scheme').innerText()).toBe('Dishes and drinks');
    expect(await options().first().locator('.notation').innerText()).toBe('DSH-100');
  });

  test('with scripts off, the plain input inside it submits what was typed', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    try {
      await plain.goto(`${hostUrl}/plain`);
      await plain.locator('input[name="subject"]').fill('tea'); // the label names the element, which is none without its script
      await plain.getByRole('button', { name: 'Save' }).click();
      await plain.waitForURL(/\?/);
      expect(new URL(plain.url()).searchParams.getAll('subject')).toEqual(['tea']);
    } finally {
      await context.close();
    }
  });

  test('its documentation page, on the service, has a live example that submits IRIs', async () => {
    await page.goto(`${service.url}/concept-field`);
    await combobox('Subjects').click();
    await combobox('Subjects').pressSequentially('tea', { delay: 40 });
    await eventually(async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Tea'), true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Submit' }).click();
    await eventually(() => page.locator('#submitted').innerText(), `subject=${FOOD}tea`);
    // the README's picture: one chosen, the list open for another
    await combobox('Subjects').pressSequentially('mint', { delay: 40 });
    await eventually(() => options().count(), 2);
    await page.keyboard.press('ArrowDown');
    await page.setViewportSize({ width: 900, height: 560 });
    await page.screenshot({ path: `${PROJECT_ROOT}docs/images/concept-field.png` });
    expect(await page.locator('code').first().innerText()).toMatch(/concept-field-[0-9a-f]{12}\.js/);
  });

  test('asks nothing while an input method composes, and once the text is committed', async () => {
    await page.goto(`${hostUrl}/plain`);
    const asked: string[] = [];
    const languages: string[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/suggest')) return;
      asked.push(new URL(request.url()).searchParams.get('q') ?? '');
      languages.push(new URL(request.url()).searchParams.get('lang') ?? '');
    });
    await combobox('Subjects').click();
    // a Japanese input method: composition events around the text it shows while composing
    const session = await page.context().newCDPSession(page);
    await session.send('Input.imeSetComposition', { text: 'て', selectionStart: 1, selectionEnd: 1 });
    await session.send('Input.imeSetComposition', { text: 'てぃ', selectionStart: 2, selectionEnd: 2 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    await session.send('Input.insertText', { text: 'tea' }); // committed
    await eventually(() => Promise.resolve(asked), ['tea']);
    expect(languages).toEqual(['en']); // no lang attribute: the page's (<html lang="en">)
  });

  test('labels read in their own direction: Arabic and Hebrew right to left', async () => {
    await page.goto(`${hostUrl}/rtl`);
    for (const [typed, lang] of [
      ['مكت', 'ar'],
      ['ספר', 'he'],
    ] as const) {
      await page.locator('#subject').evaluate((field, tag) => field.setAttribute('lang', tag), lang);
      await combobox('Subject').fill('');
      await combobox('Subject').pressSequentially(typed, { delay: 40 });
      await eventually(() => options().count(), 1);
      expect(
        await options()
          .first()
          .locator('.label')
          .evaluate((label) => label.ownerDocument.defaultView?.getComputedStyle(label).direction),
      ).toBe('rtl');
      await options().first().click();
      expect(
        await chips('subject')
          .locator('span')
          .evaluate((label) => label.ownerDocument.defaultView?.getComputedStyle(label).direction),
      ).toBe('rtl');
    }
  });

  test("speaks the page's language: messages set by the page name its lists and buttons, count, and explain", async () => {
    await page.goto(`${hostUrl}/german`);
    await eventually(() => chips('subject').allInnerTexts(), [expect.stringContaining('Tomate')] as never); // lang from <html lang="de">
    expect(await page.getByRole('list', { name: 'Gewählte Begriffe' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Tomate entfernen' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Tomate entfernen' }).click();
    expect(await page.locator('#subject').evaluate((field) => (field as unknown as { validationMessage: string }).validationMessage)).toBe(
      'Bitte einen Begriff wählen.',
    );
    await combobox('Schlagwörter').pressSequentially('kartoffels', { delay: 40 });
    await eventually(() => page.getByRole('listbox', { name: 'Vorschläge' }).getByRole('option').count(), 1);
    await eventually(() => page.locator('#subject [role="status"]').innerText(), '1 Vorschlag.');
    await combobox('Schlagwörter').fill('qqqq');
    await eventually(() => page.locator('#subject [role="status"]').innerText(), 'Kein Begriff gefunden.');
    // one field's own messages, over every field's
    await page.locator('#subject').evaluate((field) => {
      (field as unknown as { messages: object }).messages = { none: 'Nichts gefunden.' };
    });
    await combobox('Schlagwörter').fill('qqqqq');
    await eventually(() => page.locator('#subject [role="status"]').innerText(), 'Nichts gefunden.');
  });

  test('has no accessibility violations (axe-core), with the list open and a concept chosen', async () => {
    await page.goto(`${hostUrl}/plain`);
    await combobox('Subjects').click();
    await combobox('Subjects').pressSequentially('to', { delay: 40 });
    await eventually(async () => (await options().count()) > 0, true);
    await page.keyboard.press('ArrowDown');
    await page.addScriptTag({ path: join(PROJECT_ROOT, 'node_modules/axe-core/axe.min.js') });
    const run = async (): Promise<string[]> =>
      page.evaluate(async () => {
        const axe = (
          globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }
        ).axe;
        const { violations } = await axe.run();
        return violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
      });
    expect(await run()).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await run()).toEqual([]);
  });

  test('browse: the tree opens beside the text box and is walked by keyboard; Enter picks, and the form submits the concept', async () => {
    await page.goto(`${hostUrl}/browse`);
    const dish = page.locator('#dish');
    const tree = dish.getByRole('tree');
    const focused = (): Promise<string> =>
      dish.evaluate((field) => field.shadowRoot?.activeElement?.querySelector(':scope > .row .label')?.textContent ?? '');
    await page.keyboard.press('Tab'); // the text box
    await page.keyboard.press('Tab'); // the Browse button
    await page.keyboard.press('Enter');
    await eventually(focused, 'Beverages');
    expect(await dish.getByRole('button', { name: 'Browse' }).getAttribute('aria-expanded')).toBe('true');
    const beverages = tree.getByRole('treeitem', { name: /^Beverages/ });
    expect(await beverages.getAttribute('aria-expanded')).toBe('false'); // it has narrower concepts: an expander
    await page.keyboard.press('ArrowRight'); // opens it
    await eventually(() => beverages.getAttribute('aria-expanded'), 'true');
    await eventually(async () => (await beverages.getByRole('treeitem').count()) > 0, true);
    await page.keyboard.press('ArrowRight'); // to its first child
    expect(await focused()).toBe('Tea');
    expect(await tree.getByRole('treeitem', { name: /^Tea/ }).getAttribute('aria-level')).toBe('2');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Herbal infusion');
    await page.keyboard.press('ArrowLeft'); // closed: to the parent
    expect(await focused()).toBe('Beverages');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('c'); // type to jump
    expect(await focused()).toBe('Coffee');
    await page.keyboard.press('Enter');
    expect(await chips('dish').allInnerTexts()).toEqual([expect.stringContaining('Coffee')]);
    await eventually(() => tree.isHidden(), true); // one concept: the tree closes, the text box has the focus
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(submitted, [['dish', `${FOOD}coffee`]]);
  });

  test('browse: by mouse, from the schemes down, where the field names no scheme; the list of a multiple field stays open', async () => {
    await page.goto(`${hostUrl}/browse`);
    const anything = page.locator('#anything');
    await anything.getByRole('button', { name: 'Browse' }).click();
    const tree = anything.getByRole('tree');
    await eventually(() => tree.getByRole('treeitem').allInnerTexts(), [
      expect.stringContaining('Dishes and drinks'),
      expect.stringContaining('Ingredients'),
    ] as never);
    await tree
      .getByRole('treeitem', { name: /^Dishes and drinks/ })
      .locator('.row')
      .click(); // a scheme opens; it is not picked
    await eventually(async () => (await tree.getByRole('treeitem', { name: /^Beverages/ }).count()) === 1, true);
    await tree
      .getByRole('treeitem', { name: /^Beverages/ })
      .locator(':scope > .row .twisty')
      .click();
    await tree.getByRole('treeitem', { name: /^Tea/ }).locator(':scope > .row .label').click();
    expect(await chips('anything').allInnerTexts()).toEqual([expect.stringContaining('Tea')]);
    expect(await tree.isVisible()).toBe(true);
    expect(await tree.getByRole('treeitem', { name: /^Tea/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(submitted, [['anything', `${FOOD}tea`]]);
  });

  test('browse: a suggestion says where it sits (fields="ancestors"); the tree has no accessibility violations (axe-core)', async () => {
    await page.goto(`${hostUrl}/browse`);
    await combobox('Dish').click();
    await combobox('Dish').pressSequentially('green t', { delay: 40 });
    await eventually(async () => (await options().count()) > 0, true);
    expect(await options().first().locator('.ancestors').innerText()).toBe('Beverages › Tea');
    await page.keyboard.press('Escape');
    await page.locator('#dish').getByRole('button', { name: 'Browse' }).click();
    const beverages = page.locator('#dish').getByRole('treeitem', { name: /^Beverages/ });
    await beverages.locator(':scope > .row .twisty').click();
    await eventually(async () => (await beverages.getByRole('treeitem').count()) > 0, true);
    await page.addScriptTag({ path: join(PROJECT_ROOT, 'node_modules/axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (
        globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }
      ).axe;
      return (await axe.run()).violations.map(
        (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
    });
    expect(violations).toEqual([]);
  });

  test('inside a form whose inputs React controls, keeps its concepts across renders and submits them', async () => {
    await page.goto(`${hostUrl}/react`);
    await combobox('Subjects').click();
    await combobox('Subjects').pressSequentially('sweet po', { delay: 40 });
    await eventually(async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Sweet potato'), true);
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('#chosen').innerText(), 'Sweet potato');
    await page.getByLabel('Title').fill('Roots'); // a render of the whole form at each keystroke
    expect(await chips('subject').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(submitted, [
      ['title', 'Roots'],
      ['subject', `${FOOD}sweet-potato`],
    ]);
  });
});

describe('the concept field while the service is not ready, or gone', () => {
  test('a 503 with Retry-After (the store still loading its data files) says the concepts are loading, and asks again when told', async () => {
    // the service's own loading state: its store refuses with a 503 until the data files are in, here when the test says
    let loaded: (store: SparqlStore) => void = () => {};
    const starting = new StartingStore(new Promise<SparqlStore>((resolve) => (loaded = resolve)), false, () => 'loading its data files');
    const loading = await startService({ LABEL_INDEX: 'off' }, starting);
    host.close();
    await startHost(loading.url);
    try {
      await page.goto(`${hostUrl}/plain`);
      await combobox('Subjects').click();
      await combobox('Subjects').pressSequentially('tea', { delay: 40 });
      await eventually(
        () => page.locator('#subject .message').innerText(),
        `The concepts are still loading; trying again in ${RETRY_AFTER_SECONDS} s.`,
      );
      expect(await options().count()).toBe(0);
      loaded(await createStore(testConfig({})));
      await eventually(
        async () => (await options().count()) > 0 && (await options().first().innerText()).startsWith('Tea'),
        true,
        (RETRY_AFTER_SECONDS + 5) * 1000,
      );
      expect(await page.locator('#subject .message').isVisible()).toBe(false);
      // the preset concept's label, refused at first too, came as well
      await eventually(() => chips('place').allInnerTexts(), [expect.stringContaining('Tomato')] as never);
      // the browser reports each 503 on its console: that is the point here
      problems.splice(0, problems.length, ...problems.filter((problem) => !/status of 503/.test(problem)));
    } finally {
      host.close();
      await loading.close();
      await startHost(service.url);
    }
  }, 30_000);

  test('an unreachable service is said so, and the text typed stays', async () => {
    await page.goto(`${hostUrl}/plain`);
    // the field asks a service where nothing listens
    await page
      .locator('#subject')
      .evaluate((field, port) => field.setAttribute('service', `http://127.0.0.1:${port}/vocab/`), await freePort());
    await combobox('Subjects').click();
    await combobox('Subjects').pressSequentially('tea', { delay: 40 });
    await eventually(() => page.locator('#subject .message').innerText(), 'The concept service cannot be reached. Your text is kept.');
    expect(await combobox('Subjects').inputValue()).toBe('tea');
    // the browser reports the refused connection on its console: that is the point here
    problems.splice(0, problems.length, ...problems.filter((problem) => !/ERR_CONNECTION_REFUSED/.test(problem)));
  });
});
