import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorHandler } from '../../src/errors.js';
import { listen } from '../../src/http/listen.js';
import { mount } from '../../src/http/mount.js';
import { ResponseCache } from '../../src/http/ResponseCache.js';
import { declare, type Route } from '../../src/http/Route.js';
import { LANG, Q } from '../../src/endpoints/parameters.js';
import { createLogger } from '../../src/log.js';
import { testConfig } from '../support/service.js';

// One route declared as the service's are, mounted on a real Express app over a real socket:
// what `mount` makes of a declaration, whatever route it is.

let server: Server;
let url: string;
let made = 0;

const tag = { name: 'Test', description: 'Routes of this test.' };
const routes: Route[] = [
  declare({
    path: '/echo',
    tag,
    summary: 'Echoes its parameters',
    parameters: { q: Q, lang: LANG },
    answers: {},
    cache: 'shared',
    answer: ({ q, lang }) => ({ q, lang, made: ++made }),
  }),
  declare({
    path: '/sloppy',
    tag,
    summary: 'Reads a parameter it does not declare',
    parameters: { q: Q },
    answers: {},
    cache: 'shared',
    answer: (input) => ({ count: (input as unknown as Record<string, unknown>).count }),
  }),
  declare({
    method: 'POST',
    path: '/posted',
    tag,
    summary: 'Takes JSON',
    body: { as: 'json', schema: {} },
    answers: {},
    cache: 'by-address',
    answer: (_input, request) => ({ got: request.body }),
  }),
];

beforeAll(async () => {
  const config = testConfig();
  const app = express();
  app.set('query parser', false);
  const router = express.Router();
  mount(router, routes, { config, cache: new ResponseCache(100, 1_000_000, 60, () => '1') });
  app.use(router);
  app.use(errorHandler(createLogger('silent')));
  server = await listen(app, 0, '127.0.0.1');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(url + path, init);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('a declared route, mounted', () => {
  test('gets its declared parameters read, checked and typed: lang in lower case, q trimmed', async () => {
    const { status, body } = await get('/echo?q=%20tea%20&lang=DE');
    expect(status).toBe(200);
    expect(body).toMatchObject({ q: 'tea', lang: 'de' });
  });

  test('answers a parameter at fault with the 400 its declaration words, before its handler runs', async () => {
    const before = made;
    const { status, body } = await get('/echo?lang=DE');
    expect(status).toBe(400);
    expect(body.message).toBe("'q' parameter is mandatory");
    expect(made).toBe(before);
  });

  test('keeps its answer under exactly its declared parameters: one not declared makes no new answer, a declared one does', async () => {
    const first = (await get('/echo?q=coffee')).body.made;
    expect((await get('/echo?q=coffee&page=7&whatever=1')).body.made).toBe(first);
    // the same values, however written, are one answer
    expect((await get('/echo?q=coffee&lang=')).status).toBe(400);
    const german = (await get('/echo?q=coffee&lang=de')).body.made;
    expect(german).not.toBe(first);
    expect((await get('/echo?q=coffee&lang=DE')).body.made).toBe(german);
  });

  test('fails loudly where its handler reads a parameter it does not declare', async () => {
    const { status, body } = await get('/sloppy?q=tea&count=3');
    expect(status).toBe(500);
    expect(body.message).toBe('internal error in the lookup service');
  });

  test('takes only the methods it declares, and says which', async () => {
    const refused = await get('/posted');
    expect(refused.status).toBe(405);
    const preflight = await fetch(`${url}/posted`, { method: 'OPTIONS' });
    expect(preflight.headers.get('allow')).toBe('POST, OPTIONS');
    const posted = await get('/posted', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(posted).toMatchObject({ status: 200, body: { got: { a: 1 } } });
    const broken = await get('/posted', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(broken).toMatchObject({ status: 400, body: { message: 'request body: is not JSON' } });
  });
});
