import { startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ HTTP_MAX_AGE: '600' });
});
afterAll(() => service.close());

const ENDPOINTS = ['/get?uri=https%3A%2F%2Fexample.org%2Ffood%2Ftea', '/search?q=tea', '/suggest?q=te'];

describe('every endpoint', () => {
  test.each(ENDPOINTS)('%s answers JSON, whatever the Accept header, open to every origin, cacheable', async (path) => {
    const { status, headers } = await service.get(path, { headers: { Accept: 'text/html', Origin: 'https://catalogue.example' } });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('cache-control')).toBe('public, max-age=600');
    expect(headers.get('etag')).toMatch(/^"[^"]+"$/);
  });

  test.each(ENDPOINTS)('%s answers 304 without a body to a matching If-None-Match', async (path) => {
    const first = await service.get(path);
    const etag = first.headers.get('etag') as string;
    const again = await fetch(service.url + path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const other = await fetch(service.url + path, { headers: { 'If-None-Match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  test('sends no Strict-Transport-Security: it serves plain HTTP, and HSTS is for the TLS terminator in front to send', async () => {
    for (const path of ['/', '/suggest?q=tea', '/reconcile'])
      expect((await fetch(service.url + path)).headers.get('strict-transport-security')).toBeNull();
  });

  test('gives a different ETag to a different body', async () => {
    const tea = await service.get('/search?q=tea');
    const wine = await service.get('/search?q=wine');
    expect(tea.headers.get('etag')).not.toBe(wine.headers.get('etag'));
  });

  test.each(ENDPOINTS)('%s answers HEAD with the headers of GET and no body', async (path) => {
    const response = await fetch(service.url + path, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  test.each(ENDPOINTS)('%s answers a CORS preflight with 204', async (path) => {
    const response = await fetch(service.url + path, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://catalogue.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-requested-with',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-requested-with');
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 and Allow', async (method) => {
    for (const path of ENDPOINTS) {
      const response = await fetch(service.url + path, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 405, error: 'Method Not Allowed', message: expect.stringContaining(method) });
    }
  });

  test('ignores unknown parameters, even malformed ones', async () => {
    expect((await service.get('/search?q=tea&utm=%zz')).status).toBe(200);
  });

  test('a uri with a malformed percent-escape is a 400 naming it', async () => {
    const { status, body } = await service.get('/get?uri=http%3A%2F%2Fx%2F%zz');
    expect(status).toBe(400);
    expect(body.message).toContain("'uri' parameter is not well percent-encoded");
  });

  test('ignores unknown parameters', async () => {
    const plain = await service.get('/search?q=tea');
    const extra = await service.get('/search?q=tea&foo=bar&callback=x&q2=1');
    expect(extra.status).toBe(200);
    expect(extra.body).toEqual(plain.body);
  });
});

describe('errors', () => {
  test('a request Node itself cannot parse still gets the JSON error body', async () => {
    const { request } = await import('node:net').then((net) => ({
      request: (raw: string) =>
        new Promise<string>((resolve) => {
          const socket = net.connect(Number(new URL(service.url).port), '127.0.0.1', () => socket.end(raw));
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer));
        }),
    }));
    const answer = await request('GET /search?q=Сельское HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
    expect(answer).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 400,
      error: 'Bad Request',
      message: expect.stringContaining('malformed HTTP request'),
    });
  });

  test('an unknown path is a 404 with the error body', async () => {
    const { status, headers, body } = await service.get('/concepts?q=tea');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('etag')).toBeNull();
    expect(body).toEqual({ status: 404, error: 'Not Found', message: expect.stringContaining('/search') });
  });

  test('a 400 is not cacheable and carries no ETag', async () => {
    const { status, headers } = await service.get('/search');
    expect(status).toBe(400);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('etag')).toBeNull();
  });

  describe.each(['/search', '/suggest'])('bad %s requests', (path) => {
    test.each([
      ['no q', '', "'q' parameter is mandatory"],
      ['an empty q', 'q=', "'q' parameter is mandatory"],
      ['a q of spaces only', 'q=%20%20%20', "'q' parameter is mandatory"],
      ['q twice', 'q=a&q=b', "'q' parameter must be given only once"],
      ['a q over 200 characters', `q=${'a'.repeat(201)}`, "'q' parameter must be at most 200 characters long"],
      ['a q with a control character', 'q=a%00b', "'q' parameter must not contain control characters"],
      ['count 0', 'q=a&count=0', "'count' parameter must be an integer from 1 to 100"],
      ['count 101', 'q=a&count=101', "'count' parameter must be an integer from 1 to 100"],
      ['count not a number', 'q=a&count=ten', "'count' parameter must be an integer from 1 to 100"],
      ['count negative', 'q=a&count=-5', "'count' parameter"],
      ['count a decimal', 'q=a&count=2.5', "'count' parameter"],
      ['count empty', 'q=a&count=', "'count' parameter"],
      ['count twice', 'q=a&count=2&count=3', "'count' parameter must be given only once"],
      ['page 0', 'q=a&page=0', "'page' parameter must be an integer from 1"],
      ['page not a number', 'q=a&page=x', "'page' parameter"],
      [
        'page huge',
        'q=a&count=20&page=99999999999',
        "'page' parameter must be an integer from 1 to 500 ('page' times 'count' at most 10000; 'count' is 20), not \"99999999999\"",
      ],
      [
        'page beyond 10,000 results',
        'q=a&count=100&page=101',
        "'page' parameter must be an integer from 1 to 100 ('page' times 'count' at most 10000; 'count' is 100)",
      ],
      ['a q with a malformed percent-escape', 'q=%zz', "'q' parameter is not well percent-encoded"],
      ['a q whose bytes are not UTF-8', 'q=%C3%28', "'q' parameter is not well percent-encoded"],
      ['a q with a lone surrogate', 'q=%ED%A0%80', "'q' parameter is not well percent-encoded"],
      ['a count with a malformed percent-escape', 'q=a&count=1%', "'count' parameter is not well percent-encoded"],
      ['a scheme with a malformed percent-escape', 'q=a&scheme=http%3A%2F%2Fx%2F%E9', "'scheme' parameter is not well percent-encoded"],
      ['page twice', 'q=a&page=1&page=2', "'page' parameter must be given only once"],
      ['a malformed lang', 'q=a&lang=en_US', "'lang' parameter must be a language tag"],
      ['an empty lang', 'q=a&lang=', "'lang' parameter"],
      ['a lang with a quote', 'q=a&lang=en%22', "'lang' parameter"],
      ['a relative scheme', 'q=a&scheme=dishes', "'scheme' parameter must be an absolute IRI"],
      ['a scheme with a space', 'q=a&scheme=http%3A%2F%2Fx%2Fa%20b', "'scheme' parameter must be an absolute IRI"],
      ['scheme twice', 'q=a&scheme=http%3A%2F%2Fx&scheme=http%3A%2F%2Fy', "'scheme' parameter must be given only once"],
    ])('answers 400 for %s', async (_case, query, message) => {
      const { status, body } = await service.get(`${path}?${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({ status: 400, error: 'Bad Request', message: expect.stringContaining(message) });
    });

    test('accepts the boundaries: a 200-character q, count 100, page * count = 10,000', async () => {
      expect((await service.get(`${path}?q=${'a'.repeat(200)}`)).status).toBe(200);
      expect((await service.get(`${path}?q=tea&count=100`)).status).toBe(200);
      expect((await service.get(`${path}?q=tea&count=100&page=100`)).status).toBe(200);
      expect((await service.get(`${path}?q=tea&count=1&page=10000`)).status).toBe(200);
    });

    test('trims q, and counts characters, not bytes', async () => {
      const trimmed = await service.get(`${path}?q=%20%20tea%20`);
      expect(trimmed.body).toEqual((await service.get(`${path}?q=tea`)).body);
      expect((await service.get(`${path}?q=${encodeURIComponent('é'.repeat(200))}`)).status).toBe(200);
      expect((await service.get(`${path}?q=${encodeURIComponent('😀'.repeat(200))}`)).status).toBe(200);
    });
  });
});

describe('request bodies the service cannot read', () => {
  const post = (headers: Record<string, string>, body: string): ReturnType<RunningService['get']> =>
    service.get('/reconcile', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body });

  test('a content encoding it does not know is a 415 that names it', async () => {
    const { status, body } = await post({ 'Content-Encoding': 'zzz' }, 'queries=%7B%7D');
    expect({ status, body }).toEqual({
      status: 415,
      body: { status: 415, error: 'Unsupported Media Type', message: 'unsupported media type: unsupported content encoding "zzz"' },
    });
  });

  test('a body that does not decode as it says is a 400 that says why, and one over 2 MB a 413', async () => {
    const broken = await post({ 'Content-Encoding': 'br' }, 'queries=%7B%7D');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ status: 400, error: 'Bad Request', message: expect.stringMatching(/^bad request/) });
    const large = await post({}, `queries=${'a'.repeat(3_000_000)}`);
    expect(large.body).toEqual({ status: 413, error: 'Payload Too Large', message: 'payload too large: request entity too large' });
  });
});
