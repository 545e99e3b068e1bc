import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chosenEncoding } from '../../src/http/compressed.js';
import { startService, type RunningService } from '../support/service.js';

// What travels is small: answers of 1 kB or more, the scripts, the OpenAPI description and
// the pages' assets go out in brotli or gzip where the client accepts it, each coding with an
// ETag of its own that a conditional request confirms; a range of an asset is the file's bytes.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(service: RunningService, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${service.url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = ({ headers, body }: Raw): string =>
  (headers['content-encoding'] === 'br'
    ? brotliDecompressSync(body)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString();

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('compression', () => {
  const LONG = '/search?q=tea&fields=narrower,ancestors,broader,scheme';

  test('an answer of 1 kB or more goes out in brotli, or gzip, as the client accepts, the same text, with an ETag per coding', async () => {
    const plain = await raw(service, LONG, { 'Accept-Encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(service, LONG, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await raw(service, LONG, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect([decoded(br), decoded(gzip)]).toEqual([plain.body.toString(), plain.body.toString()]);
    for (const answer of [plain, br, gzip]) expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    const tags = [plain, br, gzip].map((answer) => answer.headers.etag);
    expect(new Set(tags).size).toBe(3);
    expect(tags[1]).toBe((tags[0] as string).replace(/"$/, '-br"'));
  });

  test("a conditional request is confirmed (304) by the ETag of the coding it would get, not another's", async () => {
    const br = await raw(service, LONG, { 'Accept-Encoding': 'br' });
    const same = await raw(service, LONG, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string });
    expect([same.status, same.body.length]).toEqual([304, 0]);
    const other = await raw(service, LONG, { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag as string });
    expect([other.status, other.headers['content-encoding']]).toEqual([200, 'gzip']);
  });

  test('a short answer goes out as it is, and does not vary', async () => {
    const short = await raw(service, `/get?uri=${encodeURIComponent('https://example.org/food/tea')}`, { 'Accept-Encoding': 'br, gzip' });
    expect(short.body.length).toBeLessThan(1024);
    expect([short.headers['content-encoding'], short.headers.vary ?? '']).toEqual([
      undefined,
      expect.not.stringMatching(/Accept-Encoding/),
    ]);
  });

  test('the concept field is at most 8 kB in brotli; the OpenAPI description and the docs assets are compressed', async () => {
    const field = await raw(service, '/concept-field.js', { 'Accept-Encoding': 'br' });
    expect(field.headers['content-encoding']).toBe('br');
    expect(field.body.length).toBeLessThanOrEqual(8 * 1024);
    const openApi = await raw(service, '/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(JSON.parse(decoded(openApi)).openapi).toMatch(/^3\./);
    const bundle = await raw(service, '/assets/swagger-ui/swagger-ui-bundle.js', { 'Accept-Encoding': 'br' });
    expect(bundle.headers['content-encoding']).toBe('br');
    const page = await raw(service, '/', { 'Accept-Encoding': 'gzip' });
    expect(decoded(page)).toMatch(/<html/i);
  });

  test("a range of an asset is the file's own bytes, not a range of a compressed stream", async () => {
    const whole = await raw(service, '/assets/swagger-ui/swagger-ui-bundle.js', { 'Accept-Encoding': 'identity' });
    const part = await raw(service, '/assets/swagger-ui/swagger-ui-bundle.js', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=100-199' });
    expect([part.status, part.headers['content-encoding']]).toEqual([206, undefined]);
    expect(part.body).toEqual(whole.body.subarray(100, 200));
  });
});

describe('the coding chosen for Accept-Encoding', () => {
  test.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0', undefined],
    ['br;q=0.0, gzip;q=0', undefined],
    ['x-gzip', 'gzip'],
    ['deflate', undefined],
  ])('%j: %j', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });
});
