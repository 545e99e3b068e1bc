import { request } from 'node:http';
import { FOOD, startService, type RunningService } from '../support/service.js';

/** GET with a Host header of our choosing (fetch does not let a client set it), and other headers. */
function getWithHost(
  url: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ vary: string; cacheControl: string; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { Host: host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ vary: String(res.headers.vary ?? ''), cacheControl: String(res.headers['cache-control']), body }));
    })
      .on('error', reject)
      .end();
  });
}

// What OpenRefine keeps of a service is its manifest's URLs: the identifier space, the view,
// preview and suggest links. Without PUBLIC_URL they follow the request's Host, so every
// answer that embeds them varies with Host (a cache in front must not hand one host's
// manifest to another); with it, they are PUBLIC_URL's. And the paths it follows from there:
// a JSON body is no batch, property suggest offers what scores, the preview's scheme is no
// dead link, a top concept's scheme is one type.

describe('reconciliation identity', () => {
  let service: RunningService;
  let behindProxy: RunningService;
  let trusting: RunningService;
  let twoProxies: RunningService;
  beforeAll(async () => {
    twoProxies = await startService({ TRUST_PROXY: '2' });
    service = await startService();
    behindProxy = await startService({ PUBLIC_URL: 'https://vocab.example.org/lookup' });
    trusting = await startService({ TRUST_PROXY: 'on' });
  });
  afterAll(async () => {
    await service.close();
    await behindProxy.close();
    await trusting.close();
    await twoProxies.close();
  });

  test("without PUBLIC_URL the manifest names the host asked, varies with Host, and is private: no shared cache keeps one host's links", async () => {
    for (const path of ['/reconcile', '/reconcile/1.0-draft']) {
      const { vary, cacheControl, body } = await getWithHost(`${service.url}${path}`, 'cataloguing.example.org:8080');
      expect(vary).toMatch(/\bHost\b/);
      expect(cacheControl).toBe('private, max-age=3600');
      expect(JSON.parse(body).view.url.startsWith('http://cataloguing.example.org:8080/')).toBe(true);
    }
    const preview = await fetch(`${service.url}/reconcile/preview?id=${encodeURIComponent(`${FOOD}tea`)}`);
    expect(preview.headers.get('vary')).toMatch(/\bHost\b/);
    expect(preview.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  test('X-Forwarded-Host and Forwarded are ignored unless TRUST_PROXY is on; then they name the public address', async () => {
    const forwarded = { 'X-Forwarded-Host': 'vocab.example.org', 'X-Forwarded-Proto': 'https' };
    const ignored = JSON.parse((await getWithHost(`${service.url}/reconcile`, 'internal:3000', forwarded)).body);
    expect(ignored.view.url.startsWith('http://internal:3000/')).toBe(true);
    const trusted = await getWithHost(`${trusting.url}/reconcile`, 'internal:3000', forwarded);
    expect(JSON.parse(trusted.body).view.url.startsWith('https://vocab.example.org/')).toBe(true);
    expect(trusted.vary).toMatch(/\bX-Forwarded-Host\b/);
    expect(trusted.cacheControl).toBe('private, max-age=3600');
    const rfc7239 = await getWithHost(`${trusting.url}/reconcile`, 'internal:3000', {
      Forwarded: 'for=192.0.2.60;proto=https;host="cat.example.org"',
    });
    expect(JSON.parse(rfc7239.body).view.url.startsWith('https://cat.example.org/')).toBe(true);
    // a forwarded host that is no host name is not written into links
    const odd = await getWithHost(`${trusting.url}/reconcile`, 'internal:3000', { 'X-Forwarded-Host': 'evil.example"><script>' });
    expect(odd.body).not.toContain('<script>');
  });

  test('behind a proxy that appends, the value a client forged before it is not taken: the last one is, or the one as many from the end as TRUST_PROXY counts', async () => {
    // what HAProxy's `option forwardfor` or nginx's $proxy_add_x_forwarded_for make of a client's own header
    const forged = { 'X-Forwarded-Host': 'evil.example, vocab.example.org', 'X-Forwarded-Proto': 'http, https' };
    const one = JSON.parse((await getWithHost(`${trusting.url}/reconcile`, 'internal:3000', forged)).body);
    expect(one.view.url.startsWith('https://vocab.example.org/')).toBe(true);
    const rfc7239 = await getWithHost(`${trusting.url}/reconcile`, 'internal:3000', {
      Forwarded: 'host=evil.example;proto=http, for=192.0.2.60;proto=https;host="cat.example.org"',
    });
    expect(JSON.parse(rfc7239.body).view.url.startsWith('https://cat.example.org/')).toBe(true);
    // a CDN, then HAProxy: the CDN's value is two from the end, the client's before it
    const chain = { 'X-Forwarded-Host': 'evil.example, cdn-edge.example.org, internal-lb', 'X-Forwarded-Proto': 'http, https, http' };
    const two = JSON.parse((await getWithHost(`${twoProxies.url}/reconcile`, 'internal:3000', chain)).body);
    expect(two.view.url.startsWith('https://cdn-edge.example.org/')).toBe(true);
    // fewer values than proxies: all of them are the proxies', the first is taken
    const short = JSON.parse(
      (await getWithHost(`${twoProxies.url}/reconcile`, 'internal:3000', { 'X-Forwarded-Host': 'vocab.example.org' })).body,
    );
    expect(short.view.url.startsWith('http://vocab.example.org/')).toBe(true);
  });

  test('with PUBLIC_URL the manifest names it, whatever the Host, and does not vary with Host', async () => {
    const { vary, body } = await getWithHost(`${behindProxy.url}/reconcile`, 'internal:3000');
    const manifest = JSON.parse(body);
    expect(manifest.identifierSpace).toBe('https://vocab.example.org/lookup/get?uri=');
    expect(manifest.view.url.startsWith('https://vocab.example.org/lookup/')).toBe(true);
    expect(body).not.toContain('internal:3000');
    expect(vary).not.toMatch(/\bHost\b/);
    expect((await getWithHost(`${behindProxy.url}/reconcile`, 'internal:3000')).cacheControl).toBe('public, max-age=3600');
  });

  test('a JSON body POSTed to /reconcile is a 400 naming queries and where the 1.0 draft takes JSON, not the manifest', async () => {
    const response = await fetch(`${service.url}/reconcile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ q0: { query: 'tea' } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^'queries' parameter is mandatory in a POST: .*\/reconcile\/1\.0-draft\/match/,
    );
  });

  test('property suggest offers the properties that score candidates, not the scope note; data extension still proposes it', async () => {
    const ids = async (prefix: string): Promise<string[]> =>
      (await service.get(`/reconcile/suggest/property?prefix=${prefix}`)).body.result.map((p: { id: string }) => p.id);
    expect(await ids('s')).toEqual(['scheme']); // as a user types "s": Concept scheme, but not Scope note
    expect(await ids('not')).toEqual(['notation']);
    expect(await ids('alt')).toEqual(['altLabels']);
    const proposals = (await service.get(`/reconcile/properties?type=${encodeURIComponent('http://www.w3.org/2004/02/skos/core#Concept')}`))
      .body;
    expect(proposals.properties.map((p: { id: string }) => p.id)).toContain('scopeNote');
  });

  test("the preview names the concept's scheme without a link to a card the service does not have", async () => {
    const html = await (await fetch(`${service.url}/reconcile/preview?id=${encodeURIComponent(`${FOOD}beverages`)}`)).text();
    expect(html).toContain('Dishes and drinks');
    expect(html).not.toContain(encodeURIComponent(`${FOOD}dishes`));
  });

  test('a top concept (skos:topConceptOf and skos:inScheme) has its scheme once among its types', async () => {
    const body = new URLSearchParams({ queries: JSON.stringify({ q0: { query: 'Beverages' } }) });
    const answer = (await (await fetch(`${service.url}/reconcile`, { method: 'POST', body })).json()) as {
      q0: { result: { type: { id: string }[] }[] };
    };
    const types = (answer.q0.result[0]?.type ?? []).map((t) => t.id);
    expect(types).toEqual([...new Set(types)]);
    expect(types).toContain(`${FOOD}dishes`);
  });
});
