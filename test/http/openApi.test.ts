import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { EMPTY_RESULTS, misbehavingEndpoint, type MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { getPath, startService, type RunningService } from '../support/service.js';
import { HttpStore } from '../../src/store/HttpStore.js';
import { openApiPath } from '../../src/http/describeRoutes.js';

let service: RunningService;
let document: any;
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });

beforeAll(async () => {
  service = await startService({ BASE_PATH: '/vocab' });
  document = (await service.get('/openapi.json')).body;
  ajv.addSchema(document, 'openapi.json');
});
afterAll(() => service.close());

/** The JSON Pointer of `path` in the document, each token escaped. */
const pointer = (...tokens: string[]): string => tokens.map((token) => token.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The description of the answer to GET `path` with `status`, following a $ref into components. */
function described(path: string, status: number): { ref: string; response: any } {
  let ref = `#/${pointer('paths', path, 'get', 'responses', String(status))}`;
  let response = document.paths[path]?.get?.responses?.[String(status)];
  if (response?.$ref !== undefined) {
    ref = response.$ref;
    response = response.$ref
      .slice(2)
      .split('/')
      .reduce((node: any, token: string) => node[token], document);
  }
  if (response === undefined) throw new Error(`the description has no ${status} answer for GET ${path}`);
  return { ref, response };
}

/** Asks GET `path` (relative to the service root) and checks the answer against the description. */
async function expectDescribed(target: RunningService, path: string, expectedStatus: number, init?: RequestInit): Promise<void> {
  const response = await fetch(target.url + path, init);
  const text = await response.text();
  expect(response.status).toBe(expectedStatus);
  const template = path.split('?')[0] as string;
  const { ref, response: description } = described(template, response.status);
  if (description.content === undefined) {
    expect(text).toBe('');
    return;
  }
  const [mediaType] = Object.keys(description.content);
  expect(response.headers.get('content-type')).toContain(mediaType === 'application/json' ? 'application/json; charset=utf-8' : mediaType);
  for (const header of Object.keys(description.headers ?? {})) expect(response.headers.get(header)).not.toBeNull();
  if (mediaType !== 'application/json') return;
  const validate = ajv.getSchema(`openapi.json${ref}/content/application~1json/schema`);
  if (validate === undefined) throw new Error(`no schema at ${ref}`);
  const valid = validate(JSON.parse(text));
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe('the OpenAPI description at /openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('names the base path as its server, and every route the service answers, from the routes it mounted', () => {
    expect(document.servers).toEqual([{ url: '/vocab' }]);
    const described = service.routes.filter((route) => route.undescribed !== true).map(({ path }) => openApiPath(path));
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(described)].sort());
    // the protocols' routes are among them: a list that lost a room would still equal itself
    for (const path of [
      '/get',
      '/search',
      '/suggest',
      '/top',
      '/reconcile/1.0-draft/match',
      '/rest/v1/{vocid}/data',
      '/jskos/concepts/suggest',
    ])
      expect(document.paths).toHaveProperty([path]);
    for (const route of service.routes.filter((one) => one.undescribed !== true)) {
      const operations = document.paths[openApiPath(route.path)];
      expect(Object.keys(operations).sort()).toEqual(
        route.method === 'POST' ? ['post'] : route.method === 'GET, POST' ? ['get', 'post'] : ['get'],
      );
      // each parameter it reads is described, by the name a client sends
      const names = (operations.get ?? operations.post).parameters?.map((parameter: { name: string }) => parameter.name) ?? [];
      const bodyNames = Object.keys(operations.post?.requestBody?.content?.['application/x-www-form-urlencoded']?.schema?.properties ?? {});
      for (const declared of Object.values(route.parameters ?? {})) expect([...names, ...bodyNames]).toContain(declared.name);
    }
  });

  test('an unknown path is a 404 that names the lookups and each protocol by its root', async () => {
    const { status, body } = await service.get('/nope');
    expect(status).toBe(404);
    for (const named of [
      '/vocab/get',
      '/vocab/narrower',
      '/vocab/reconcile,',
      '/vocab/rest/v1 (the Skosmos REST API)',
      '/vocab/jskos (the JSKOS API)',
    ])
      expect(body.message).toContain(named);
  });

  test('groups every operation under a tag /docs lists, the lookups first; no CORS preflight rows (the text says it once)', () => {
    const tags = (document.tags as { name: string }[]).map((tag) => tag.name);
    expect(tags[0]).toBe('Lookup');
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>)) {
      expect(Object.keys(operations)).not.toContain('options');
      for (const operation of Object.values(operations))
        expect(tags).toEqual(expect.arrayContaining(operation.tags ?? [`none at ${path}`]));
    }
    expect((document.paths as Record<string, { get: { tags: string[] } }>)['/search']?.get.tags).toEqual(['Lookup']);
    expect((document.info as { description: string }).description).toContain('`OPTIONS` answers a CORS preflight');
  });

  test('describes the real 200 answers of every endpoint', async () => {
    for (const path of [
      getPath(['tea', 'coffee', 'no-such-concept']),
      getPath(['tea'], '&lang=de&fields=broader,scopeNote'),
      '/search?q=tea',
      '/search?q=tea&count=3&page=2&lang=fr&fields=notation,scheme',
      '/suggest?q=t',
      '/suggest?q=zzzz',
      '/suggest?q=t&fields=broader',
      '/languages',
      '/schemes',
      '/schemes?lang=de',
      '/top?scheme=https%3A%2F%2Fexample.org%2Ffood%2Fdishes&count=3&fields=ancestors,narrower,narrowerCount',
      '/narrower?uri=https%3A%2F%2Fexample.org%2Ffood%2Fbeverages&page=2&count=2&lang=fr&fields=notation',
      getPath(['tea'], '&fields=ancestors,narrower,narrowerCount'),
      '/health',
      '/ready',
      '/openapi.json',
      '/metrics',
      '/reconcile',
      '/reconcile/suggest/entity?prefix=te',
      '/reconcile/preview?id=https%3A%2F%2Fexample.org%2Ffood%2Ftea',
      '/reconcile/1.0-draft',
      '/reconcile/1.0-draft/suggest/entity?prefix=te&limit=3',
      '/reconcile/1.0-draft/extend/propose?type=x',
    ]) {
      await expectDescribed(service, path, 200);
    }
  });

  test('describes the 304 of a matching If-None-Match', async () => {
    for (const path of [getPath(['tea']), '/search?q=tea', '/suggest?q=te', '/languages']) {
      const etag = (await fetch(service.url + path)).headers.get('etag') as string;
      await expectDescribed(service, path, 304, { headers: { 'If-None-Match': etag } });
    }
  });

  test('describes the 400s, and each documented limit is the one enforced', async () => {
    for (const path of [
      '/get',
      '/get?uri=not an iri',
      '/search',
      '/search?q=tea&count=0',
      '/suggest?q=tea&page=0',
      '/suggest?q=tea&lang=x_y',
      '/search?q=a&q=b',
      '/top',
      '/narrower',
      '/narrower?uri=https%3A%2F%2Fexample.org%2Ffood%2Ftea&count=1001',
    ]) {
      await expectDescribed(service, path, 400);
    }
    const parameters = (path: string): any[] =>
      document.paths[path].get.parameters.map((parameter: any) =>
        parameter.$ref === undefined ? parameter : document.components.parameters[parameter.$ref.split('/').pop()],
      );
    const count = parameters('/search').find((parameter) => parameter.name === 'count').schema;
    await expectDescribed(service, `/search?q=tea&count=${count.maximum}`, 200);
    await expectDescribed(service, `/search?q=tea&count=${count.maximum + 1}`, 400);
    const q = parameters('/suggest').find((parameter) => parameter.name === 'q').schema;
    await expectDescribed(service, `/suggest?q=${'t'.repeat(q.maxLength)}`, 200);
    await expectDescribed(service, `/suggest?q=${'t'.repeat(q.maxLength + 1)}`, 400);
    const page = parameters('/suggest').find((parameter) => parameter.name === 'page').schema;
    await expectDescribed(service, `/suggest?q=tea&count=1&page=${page.maximum}`, 200);
    await expectDescribed(service, `/suggest?q=tea&count=1&page=${page.maximum + 1}`, 400);
    const browseCount = parameters('/narrower').find((parameter) => parameter.name === 'count').schema;
    await expectDescribed(service, `/narrower?uri=https%3A%2F%2Fexample.org%2Ffood%2Ftea&count=${browseCount.maximum}`, 200);
    await expectDescribed(service, `/top?scheme=https%3A%2F%2Fexample.org%2Ffood%2Fdishes&count=${browseCount.maximum + 1}`, 400);
    const uri = parameters('/get').find((parameter) => parameter.name === 'uri').schema;
    await expectDescribed(service, getPath(Array.from({ length: uri.maxItems }, (_, i) => `c${i}`)), 200);
    await expectDescribed(service, getPath(Array.from({ length: uri.maxItems + 1 }, (_, i) => `c${i}`)), 400);
  });

  test('its schemas refuse answers that break the contract (so that the checks above can fail)', () => {
    const findResponse = ajv.getSchema('openapi.json#/components/schemas/FindResponse');
    expect(findResponse?.({ concepts: [{ uri: 'x', prefLabel: 'X', altLabels: [], related: [] }] })).toBe(true);
    expect(findResponse?.({ concepts: [{ uri: 'x', prefLabel: 'X', altLabels: [] }] })).toBe(false);
    expect(findResponse?.({ concepts: [{ uri: 'x', prefLabel: null, altLabels: [], related: [] }] })).toBe(false);
    expect(findResponse?.({ concepts: [], total: 3 })).toBe(false);
  });

  test('describes the error body of an unknown path and of a method not allowed', async () => {
    const validate = (name: string) => ajv.getSchema(`openapi.json#/components/responses/${name}/content/application~1json/schema`);
    const notFound = await fetch(`${service.url}/nowhere`);
    expect(validate('NotFound')?.(await notFound.json())).toBe(true);
    const notAllowed = await fetch(`${service.url}/search?q=tea`, { method: 'DELETE' });
    expect(notAllowed.status).toBe(405);
    expect(validate('MethodNotAllowed')?.(await notAllowed.json())).toBe(true);
  });
});

describe('the OpenAPI description of a store that fails', () => {
  const failing: Array<{ endpoint?: MisbehavingEndpoint; service?: RunningService }> = [];
  afterAll(async () => {
    for (const { endpoint, service: running } of failing) {
      await running?.close();
      await endpoint?.close();
    }
  });
  const storeThat = async (answer: Parameters<typeof misbehavingEndpoint>[0], timeoutMs = 2000): Promise<RunningService> => {
    const endpoint = await misbehavingEndpoint(answer);
    const running = await startService(
      { BASE_PATH: '/vocab', LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' },
      new HttpStore({ endpoint: endpoint.url, timeoutMs }),
    );
    failing.push({ endpoint, service: running });
    return running;
  };
  const LOOKUPS = [getPath(['tea']), '/search?q=tea', '/suggest?q=te', '/languages'];

  test('describes the 502 of a store that answers with an error', async () => {
    const running = await storeThat((res) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom'));
    for (const path of LOOKUPS) await expectDescribed(running, path, 502);
  });

  test('describes the 503 of a store that cannot be reached, and /ready then', async () => {
    const endpoint = await misbehavingEndpoint((res) => res.end(EMPTY_RESULTS));
    await endpoint.close(); // nobody listens on its port any more
    const running = await startService(
      { BASE_PATH: '/vocab', LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' },
      new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }),
    );
    failing.push({ service: running });
    for (const path of [...LOOKUPS, '/ready']) await expectDescribed(running, path, 503);
  });

  test('describes the 504 of a store that does not answer in time', async () => {
    const running = await storeThat(() => undefined, 300);
    for (const path of LOOKUPS) await expectDescribed(running, path, 504);
  });
});

describe('the OpenAPI description under API_COMPAT=skos-suggester', () => {
  test("describes the old service's envelope for /search and /suggest, and keeps the contract's among its schemas", async () => {
    const compat = await startService({ API_COMPAT: 'skos-suggester' });
    try {
      const description = (await compat.get('/openapi.json')).body;
      const compatAjv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
      compatAjv.addSchema(description, 'compat.json');
      const findResponse = compatAjv.getSchema('compat.json#/components/schemas/FindResponse');
      for (const path of ['/search?q=tea', '/suggest?q=t', '/suggest?q=zzzz']) {
        const { body } = await compat.get(path);
        expect(findResponse?.(body)).toBe(true);
        expect(findResponse?.({ concepts: body._embedded.concepts })).toBe(false);
      }
      expect(compatAjv.getSchema('compat.json#/components/schemas/ConceptList')?.({ concepts: [] })).toBe(true);
      const count = description.paths['/suggest'].get.parameters.find((parameter: any) => parameter.name === 'count');
      expect(count.schema.default).toBe(20);
    } finally {
      await compat.close();
    }
  });
});
