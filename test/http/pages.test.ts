import { readFileSync } from 'node:fs';
import { startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ BASE_PATH: '/vocab' });
});
afterAll(() => service.close());

const root = (): string => service.url.replace(/\/vocab$/, '');

async function page(path: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(root() + path, { redirect: 'manual' });
  return { response, html: await response.text() };
}

/** The relative URLs a page loads (scripts, styles, icons), resolved against the page. */
function loaded(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1] as string, pageUrl).href);
}

describe('the type-ahead page at / and the API docs at /docs', () => {
  test('the page is served under the base path, as HTML with the concept field around a plain input (what works without scripts)', async () => {
    const { response, html } = await page('/vocab/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/<concept-field id="q"[^>]*><input [^>]*name="q"/);
  });

  test('the base path without its slash is redirected to it, keeping the query', async () => {
    const { response } = await page('/vocab?uri=x');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/vocab/?uri=x');
    expect((await page('/vocab/docs/')).response.headers.get('location')).toBe('/vocab/docs');
  });

  test('everything the pages load is served by the service itself, under the base path', async () => {
    for (const path of ['/vocab/', '/vocab/docs']) {
      const { html } = await page(path);
      const urls = loaded(html, root() + path);
      expect(urls.length).toBeGreaterThanOrEqual(2);
      for (const url of urls) {
        expect(url.startsWith(`${root()}/vocab/assets/`)).toBe(true);
        const asset = await fetch(url);
        expect(asset.status).toBe(200);
        expect(asset.headers.get('content-type')).toMatch(/^(text\/javascript|text\/css|image\/png|image\/svg\+xml)/);
      }
    }
  });

  test('the pages may load nothing from elsewhere, and work on plain http', async () => {
    const { response } = await page('/vocab/');
    const policy = response.headers.get('content-security-policy') as string;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  test('a missing asset is the JSON 404 of any unknown path', async () => {
    const { response, html } = await page('/vocab/assets/nothing.js');
    expect(response.status).toBe(404);
    expect(JSON.parse(html)).toMatchObject({ status: 404, error: 'Not Found' });
  });
});

describe('the concept field: its script and its documentation page', () => {
  test('/concept-field.js is the current script, for pages of any origin, revalidated with its ETag', async () => {
    const response = await fetch(`${service.url}/concept-field.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*'); // a module script of another origin is fetched with CORS
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const script = await response.text();
    expect(script).toMatch(/customElements\.define\(["']concept-field["']/);
    const again = await fetch(`${service.url}/concept-field.js`, { headers: { 'If-None-Match': response.headers.get('etag') as string } });
    expect(again.status).toBe(304);
  });

  test('its documentation page names the versioned script, which is the same bytes, cached for a year', async () => {
    const { response, html } = await page('/vocab/concept-field');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const versioned = /src="(concept-field-[0-9a-f]{12}\.js)"/.exec(html)?.[1];
    expect(versioned).toBeDefined();
    expect(html).not.toContain('{{script}}');
    const pinned = await fetch(`${service.url}/${versioned}`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe(await (await fetch(`${service.url}/concept-field.js`)).text());
    // another name of that form is no script of this service
    expect((await fetch(`${service.url}/concept-field-000000000000.js`)).status).toBe(404);
    // everything the page loads is the service's own
    for (const url of loaded(html, `${service.url}/concept-field`)) expect((await fetch(url)).status).toBe(200);
  });

  test('the documentation page without the base path is redirected to it; other methods are refused', async () => {
    expect((await page('/vocab/concept-field/')).response.status).toBe(301);
    expect((await fetch(`${service.url}/concept-field.js`, { method: 'DELETE' })).status).toBe(405);
  });

  test('the field and its tree are served as built, minified, with source maps that hold the files as written', async () => {
    for (const name of ['concept-field.js', 'concept-tree.js']) {
      const served = await (await fetch(`${service.url}/${name}`)).text();
      const written = readFileSync(new URL(`../../public/${name}`, import.meta.url), 'utf8');
      expect(served.length).toBeLessThan(written.length * 0.7);
      expect(served).toContain(`//# sourceMappingURL=${name}.map`);
      const map = (await (await fetch(`${service.url}/${name}.map`)).json()) as { sourcesContent: string[] };
      expect(map.sourcesContent).toEqual([written]);
    }
  });
});
