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
  test('the page is served under the base path, as HTML with a combobox', async () => {
    const { response, html } = await page('/vocab/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-controls="suggestions"');
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
