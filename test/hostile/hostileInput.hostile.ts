import { PREVIEW_FRAGMENT_SCRIPT } from '../../src/reconcile/substitutedId.js';
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { SparqlStore } from '../../src/store/SparqlStore.js';
import { startService, type RunningService } from '../support/service.js';

// npm run test:hostile: at least 10,000 generated requests, many of them not even valid HTTP,
// sent over raw sockets to a service on a real store (the embedded one, or the store that
// SPARQL_ENDPOINT names). Every answer must be a contract-valid JSON response: a 200, a 204
// to OPTIONS, or a 4xx whose message names the problem; never a 5xx, never a hang. The store
// must hold the same triples afterwards, and the service must still answer correctly.

const REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 10_000);
const PARALLEL = 8;
const SEED = Number(process.env.HOSTILE_SEED ?? 20261122);
const TIMEOUT_MS = 15_000;

// ---- what is sent ----------------------------------------------------------------------

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }), // lone surrogates, controls, anything
  fc.string({ unit: 'grapheme', maxLength: 20 }), // emoji, combining marks
  fc.constantFrom(
    '\u202Eevil',
    '\u200F\u200E',
    '\u0000',
    '\r\n',
    '\t',
    '\uFEFF',
    '\uD800',
    '\uDFFF',
    '😀👩‍👩‍👧',
    'İ',
    'ß',
    'ﷺ',
    '\u2028',
    // SPARQL
    '} UNION { ?s ?p ?o }',
    '"; DROP ALL; #',
    "') } INSERT DATA { <a> <b> <c> } #",
    '<http://x> . ?s ?p ?o',
    '?concept',
    '\\u0022',
    '"""',
    "'''",
    'FILTER(true)',
    '# comment',
    'CLEAR DEFAULT',
    'LOAD <http://example.org/>',
    'SERVICE <http://evil/>',
    '\\',
    '^^<http://www.w3.org/2001/XMLSchema#int>',
    // Virtuoso text queries, Lucene, regular expressions
    '"tea" AND "cof*"',
    'NEAR(a, b)',
    'a*',
    '*',
    '**',
    '?',
    'a OR b',
    'NOT tea',
    'tea~2',
    'title:tea',
    '+tea -coffee',
    '(',
    ')',
    '[a-z]',
    '.*',
    '(a+)+$',
    '\\p{L}',
    '{1,99999}',
    // numbers and limits
    '0',
    '-1',
    '1e3',
    '0x10',
    '99999999999999999999',
    'NaN',
    'Infinity',
    ' 5',
    '5 ',
    '٣',
    '1.5',
  ),
  fc.string({ unit: fc.constantFrom('a', 'é', '*', ' ', '%', '"'), minLength: 190, maxLength: 260 }), // around the 200-character limit
);

/** A value as a URL carries it: well encoded, raw, or with broken percent-encoding. */
const urlValue = fc.oneof(
  { weight: 4, arbitrary: hostileText.map((text) => encodeURIComponent(text.toWellFormed())) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%e9',
      '%zz',
      '%c3%28',
      '%ED%A0%80',
      '%F0%9F',
      '%00',
      '%0A',
      '%25%32%35',
      '+',
      '%2B',
      'a%20b',
      '%%',
      '%C0%AF',
      '%uD800',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom('a', '&', '=', '#', '?', '/', ';', '[', ']', '|', '^', '`', '{', '}'), maxLength: 10 }),
  },
);

const parameterName = fc.constantFrom(
  'q',
  'q',
  'q',
  'count',
  'page',
  'lang',
  'scheme',
  'uri',
  'uri',
  'fields',
  'Q',
  'q[]',
  'uri[0]',
  'callback',
  '',
  'q%00',
  '%71',
);
const queryString = fc
  .array(fc.tuple(parameterName, fc.option(urlValue, { nil: undefined })), { maxLength: 6 })
  .map((pairs) => pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join('&'));

/** A well-formed request whose values are hostile: what reaches the store's queries. */
const encoded = (text: string): string => encodeURIComponent(text.toWellFormed());
/** Fields that put lists inside an answer (every concept's children, its ancestors), the shape of the largest answers. */
const listFields = fc.constantFrom('narrower', 'narrower,narrowerCount,ancestors', 'ancestors,broader,scheme,notation,scopeNote');
const findQuery = fc
  .record({
    path: fc.constantFrom('/search', '/suggest'),
    q: hostileText.filter((text) => text.trim() !== ''),
    count: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
    page: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    lang: fc.option(fc.constantFrom('en', 'fr', 'de', 'ar', 'ru', 'zh-Hant-TW', 'x-private'), { nil: undefined }),
    scheme: fc.option(
      fc.oneof(
        fc.constantFrom('https://example.org/food/ingredients'),
        hostileText.map((text) => `http://example.org/${text}`),
      ),
      { nil: undefined },
    ),
    fields: fc.option(listFields, { nil: undefined }),
  })
  .map(({ path, q, count, page, lang, scheme, fields }) => {
    const parts = [
      `q=${encoded(q)}`,
      count && `count=${count}`,
      page && `page=${page}`,
      lang && `lang=${lang}`,
      scheme && `scheme=${encoded(scheme)}`,
      fields && `fields=${fields}`,
    ];
    return `${path}?${parts.filter(Boolean).join('&')}`;
  });
const getQuery = fc
  .array(
    fc.oneof(
      fc.constantFrom('https://example.org/food/tea', 'https://example.org/food/sourdough'),
      hostileText.map((text) => `https://example.org/food/${text}`),
      hostileText.map((text) => `urn:${text}`),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .chain((uris) =>
    fc
      .option(listFields, { nil: undefined })
      .map((fields) => `/get?${uris.map((uri) => `uri=${encoded(uri)}`).join('&')}${fields === undefined ? '' : `&fields=${fields}`}`),
  );

/** Browsing requests whose scheme or concept is hostile: what reaches the store's browsing queries. */
const browseQuery = fc
  .record({
    path: fc.constantFrom('/top', '/narrower'),
    subject: fc.oneof(
      fc.constantFrom('https://example.org/food/dishes', 'https://example.org/food/beverages'),
      hostileText.map((text) => `https://example.org/food/${text}`),
      hostileText.map((text) => `urn:${text}`),
    ),
    lang: fc.option(fc.constantFrom('en', 'fr', 'de', 'ar', 'x-private'), { nil: undefined }),
    fields: fc.option(fc.oneof(fc.constantFrom('ancestors', 'narrower,narrowerCount', 'ancestors,broader,scheme'), listFields), {
      nil: undefined,
    }),
    count: fc.option(fc.constantFrom(1, 100, 1000), { nil: undefined }),
  })
  .map(({ path, subject, lang, fields, count }) => {
    const parts = [
      `${path === '/top' ? 'scheme' : 'uri'}=${encoded(subject)}`,
      lang && `lang=${lang}`,
      fields && `fields=${fields}`,
      count && `count=${count}`,
    ];
    return `${path}?${parts.filter(Boolean).join('&')}`;
  });

/** Skosmos REST API requests (/rest/v1) whose query, label, concept and languages are hostile. */
const skosmosQuery = fc
  .record({
    path: fc.constantFrom(
      'search',
      'ingredients/search',
      'dishes/lookup',
      'ingredients/label',
      'ingredients/broaderTransitive',
      'ingredients/narrowerTransitive',
      'ingredients/children',
      'ingredients/hierarchy',
      'ingredients/mappings',
      'data',
      'ingredients/topConcepts',
    ),
    text: hostileText,
    uri: fc.oneof(
      fc.constantFrom('https://example.org/food/tea', 'https://example.org/food/dishes'),
      hostileText.map((text) => `https://example.org/food/${text}`),
    ),
    lang: fc.option(fc.oneof(fc.constantFrom('en', 'fr', 'x-private'), hostileText), { nil: undefined }),
    extra: fc.option(
      fc.constantFrom(
        'maxhits=100&offset=900',
        'vocab=dishes%20ingredients',
        'parent=https%3A%2F%2Fexample.org%2Ffood%2Fdishes',
        'format=text/turtle',
        'limit=1000',
      ),
      { nil: undefined },
    ),
  })
  .map(({ path, text, uri, lang, extra }) => {
    const parts = [`query=${encoded(`${text}*`)}`, `label=${encoded(text)}`, `uri=${encoded(uri)}`, lang && `lang=${encoded(lang)}`, extra];
    return `/rest/v1/${path}?${parts.filter(Boolean).join('&')}`;
  });

/** Reconciliation requests whose names, types, properties and ids are hostile: GET, and form POSTs as OpenRefine sends. */
const reconcileRequest: fc.Arbitrary<RawRequest> = fc
  .oneof(
    fc
      .array(
        fc.record({
          query: hostileText,
          type: fc.option(
            fc.oneof(
              fc.constantFrom('https://example.org/food/dishes', 'http://www.w3.org/2004/02/skos/core#Concept'),
              hostileText.map((text) => `http://example.org/${text}`),
            ),
            { nil: undefined },
          ),
          properties: fc.array(fc.record({ pid: fc.constantFrom('scheme', 'broader', 'notation', 'lang'), v: hostileText }), {
            maxLength: 2,
          }),
        }),
        { minLength: 1, maxLength: 5 },
      )
      .map((queries) => ['queries', JSON.stringify(Object.fromEntries(queries.map((query, i) => [`q${i}`, query])))] as const),
    fc
      .array(
        hostileText.map((text) => `https://example.org/food/${text}`),
        { minLength: 1, maxLength: 3 },
      )
      .map((ids) => ['extend', JSON.stringify({ ids, properties: [{ id: 'prefLabel' }, { id: 'broader' }] })] as const),
    hostileText.map((text) => ['prefix', text] as const),
    hostileText.map((text) => ['id', `https://example.org/food/${text}`] as const),
  )
  .chain(([name, value]) =>
    fc.constantFrom('GET', 'POST').map((verb) => {
      const target = name === 'prefix' ? '/reconcile/suggest/entity' : name === 'id' ? '/reconcile/preview' : '/reconcile';
      const form = `${name}=${encoded(value)}`;
      const post = verb === 'POST' && target === '/reconcile';
      const head = post
        ? `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(form)}\r\n`
        : `GET ${target}?${form} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
      return { method: post ? 'POST' : 'GET', bytes: Buffer.from(`${head}Connection: close\r\n\r\n${post ? form : ''}`) };
    }),
  );

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('/get', '/search', '/suggest', '/schemes', '/top', '/narrower') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/GET',
      '/Search/',
      '/suggest//',
      '//get',
      '/get/../search',
      '/%2Fget',
      '/get%00',
      '/health',
      '/ready',
      '/',
      '/nowhere',
      '/search.json',
      '*',
      'http://evil.example/get',
      '/get;a=b',
    ),
  },
);

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'FOO', 'get', 'PROPFIND', 'M-SEARCH'),
  },
);

const extraHeader = fc.oneof(
  fc.constantFrom(
    'If-None-Match: *',
    'If-None-Match: "x", W/"y"',
    'Accept: text/html',
    'Accept-Language: ar',
    'Origin: https://evil.example',
    'Authorization: Basic YWRtaW46YWRtaW4=',
    'Cookie: a=b',
    'X-Forwarded-For: 1.2.3.4',
    'Content-Type: application/sparql-update',
    'Range: bytes=0-5',
    'Expect: 100-continue',
    'Upgrade: websocket\r\nConnection: Upgrade',
    'X-Request-Id: ../../etc/passwd',
    'X-Request-Id: \u00ff\u00fe',
    'Transfer-Encoding: chunked',
    'Content-Length: 5',
    'Content-Length: -1',
    'Host: evil.example',
    'Bad Header: x',
    ': empty-name',
  ),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/), fc.string({ unit: 'binary-ascii', maxLength: 40 }))
    .map(([name, value]) => `${name}: ${value.replace(/[\r\n]/g, ' ')}`),
);

interface RawRequest {
  bytes: Buffer;
  method: string;
  /** The client closes its connection this many ms after sending, before (or as) the answer comes: nothing is read. */
  abandonAfterMs?: number;
}

const request: fc.Arbitrary<RawRequest> = fc.oneof(
  // well-formed requests with hostile values
  {
    weight: 20,
    arbitrary: fc
      .tuple(
        fc.oneof(findQuery, findQuery, getQuery, browseQuery, skosmosQuery),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant([]) },
          { weight: 1, arbitrary: fc.array(extraHeader, { minLength: 1, maxLength: 2 }) },
        ),
      )
      .map(([target, headers]) => ({
        method: 'GET',
        bytes: Buffer.from(
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((header) => `${header}\r\n`).join('')}Connection: close\r\n\r\n${headers.some((header) => header.startsWith('Content-Length: 5')) ? 'hello' : ''}`,
          'latin1',
        ),
      })),
  },
  // any parameters, methods and paths, with hostile values
  {
    weight: 20,
    arbitrary: fc
      .record({
        method,
        path,
        query: queryString,
        headers: fc.array(extraHeader, { maxLength: 3 }),
        version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0'),
      })
      .map(({ method, path, query, headers, version }) => {
        const body = headers.some((header) => header.startsWith('Content-Length: 5'))
          ? 'hello'
          : headers.some((header) => header.startsWith('Transfer-Encoding'))
            ? 'zz\r\ngarbage\r\n'
            : '';
        const lines = [
          `${method} ${path}${query === '' ? '' : `?${query}`} ${version}`,
          'Host: 127.0.0.1',
          ...headers,
          'Connection: close',
        ];
        return { method, bytes: Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1') };
      }),
  },
  // reconciliation, with hostile names, types, properties and ids
  { weight: 6, arbitrary: reconcileRequest },
  // clients that leave: a request, then the connection closed before (or as) its answer comes
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.oneof(findQuery, getQuery, browseQuery, skosmosQuery), fc.constantFrom(0, 1, 5, 20))
      .map(([target, abandonAfterMs]) => ({
        method: 'GET',
        abandonAfterMs,
        bytes: Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1'),
      })),
  },
  // very long URLs and headers
  {
    weight: 1,
    arbitrary: fc
      .record({ size: fc.constantFrom(2_000, 9_000, 70_000), where: fc.constantFrom('q', 'uri', 'header', 'path') })
      .map(({ size, where }) => {
        const long = 'a'.repeat(size);
        const target =
          where === 'q'
            ? `/search?q=${long}`
            : where === 'uri'
              ? `/get?uri=http://example.org/${long}`
              : where === 'path'
                ? `/${long}`
                : '/suggest?q=tea';
        const header = where === 'header' ? `\r\nX-Long: ${long}` : '';
        return { method: 'GET', bytes: Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1${header}\r\nConnection: close\r\n\r\n`) };
      }),
  },
  // not HTTP at all, or broken HTTP: raw bytes in the URL, bad request lines
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc
          .uint8Array({ minLength: 1, maxLength: 40 })
          .map((raw) =>
            Buffer.concat([
              Buffer.from('GET /search?q='),
              Buffer.from(raw),
              Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
            ]),
          ),
        fc
          .constantFrom(
            'GET /search?q=tea\r\n\r\n',
            'GET /search?q=a b HTTP/1.1\r\nHost: x\r\n\r\n',
            'GET /get HTTP/9.9\r\nHost: x\r\n\r\n',
            'HELLO\r\n\r\n',
            '\r\n\r\n',
            'GET\r\n\r\n',
            'GET /suggest?q=tea HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n',
            'GET /suggest?q=tea HTTP/1.1\nHost: x\nConnection: close\n\n',
            'GET /suggest?q=\u00e9 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
            'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n',
          )
          .map((text) => Buffer.from(text, 'latin1')),
      )
      .map((bytes) => ({ method: 'RAW', bytes })),
  },
);

// ---- what comes back -------------------------------------------------------------------

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `bytes` on a fresh connection and reads until the server closes it (every request says Connection: close), or the time is up. */
function exchange(port: number, bytes: Buffer): Promise<RawResponse | 'closed without an answer' | 'no answer in time'> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer in time');
    }, TIMEOUT_MS);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is fine; no answer is judged below
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks)) ?? 'closed without an answer');
    });
    // Not half-closed after the request: Node drops a request whose client sent FIN before the
    // answer was ready (no browser or HTTP library does that). Blank lines ask nothing, so
    // there the end of input is what the server answers (by closing).
    if (/^[\r\n]*$/.test(bytes.toString('latin1'))) socket.end(bytes);
    else socket.write(bytes);
  });
}

/**
 * Clients that never read: each opens a connection, pipelines `requests` GETs of `path` on it
 * and reads nothing, so that the answers pile up in the service's memory until its bound on
 * bytes held for one connection refuses the rest (production.md, the limits). Few enough that
 * together they stay under the process' bound: the other clients must not notice them.
 * Returns a function that closes them.
 */
async function pausedReaders(port: number, clients: number, path: string, requests: number): Promise<() => void> {
  const sockets = await Promise.all(
    Array.from({ length: clients }, async () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`.repeat(requests));
      return socket;
    }),
  );
  return () => sockets.forEach((socket) => socket.destroy());
}

/** Sends `bytes` on a fresh connection and closes it `ms` later, reading nothing. */
async function abandon(port: number, bytes: Buffer, ms: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(bytes);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.destroy();
}

/** The first final response in `raw` (HTTP/1.1, Content-Length or no body), past any 100 Continue. */
function parse(raw: Buffer): RawResponse | undefined {
  const interim = /^HTTP\/1\.1 1\d\d [^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(raw.toString('latin1'));
  if (interim !== null) return parse(raw.subarray(interim[0].length));
  const text = raw.toString('utf8');
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return undefined;
  const [statusLine, ...headerLines] = text.slice(0, head).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers = new Map(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers.get('content-length') ?? 0);
  return {
    status,
    headers,
    body: raw.subarray(Buffer.byteLength(text.slice(0, head + 4)), Buffer.byteLength(text.slice(0, head + 4)) + length).toString('utf8'),
  };
}

/** Why an answer of the Skosmos REST API breaks its contract (docs/skosmos.md): JSON-LD with a context, or an error naming what is wrong. */
function skosmosProblem(status: number, json: any): string | undefined {
  // every 200 is JSON-LD with Skosmos' @context, but `mappings`, which Skosmos answers without one
  if (status === 200)
    return (typeof json['@context'] === 'object' && json['@context'] !== null) || Array.isArray(json.mappings)
      ? undefined
      : 'a Skosmos 200 without @context';
  if (json.status !== status || typeof json.message !== 'string' || json.message === '')
    return `an error body that is not the contract's: ${JSON.stringify(json).slice(0, 200)}`;
  if (status === 400 && !/'(query|label|uri|lang|labellang|maxhits|offset|limit|scheme)'|malformed HTTP request/.test(json.message))
    return `a Skosmos 400 that names no parameter: ${json.message}`;
  return [400, 404, 405, 406, 413, 414, 431].includes(status) ? undefined : `status ${status} from the Skosmos REST API`;
}

/** Why `response` to `sent` breaks the contract, or undefined when it is fine. */
function problem(sent: RawRequest, response: Awaited<ReturnType<typeof exchange>>): string | undefined {
  if (response === 'closed without an answer' && /^[\r\n]*$/.test(sent.bytes.toString('latin1'))) return undefined; // blank lines ask nothing (RFC 9112, 2.2)
  if (typeof response === 'string') return response;
  const { status, headers, body } = response;
  if (status >= 500) return `status ${status}: ${body}`;
  if (status === 204 || status === 304 || sent.method === 'HEAD') return body === '' ? undefined : `status ${status} with a body`;
  // `/` is the type-ahead page: HTML, whatever the query string
  const target = /^\S+ (\S+)/.exec(sent.bytes.toString('latin1'))?.[1] ?? '';
  // the preview is HTML, found or not, with no script but the one that mends a cut-off fragment
  if ((status === 200 || status === 404) && sent.method === 'GET' && target.split('?')[0] === '/reconcile/preview') {
    const scripts = body.match(/<script\b[^>]*>[^<]*<\/script>/gi) ?? [];
    const onlyOurs =
      scripts.length === 1 && scripts[0] === `<script>${PREVIEW_FRAGMENT_SCRIPT}</script>` && (body.match(/<script/gi) ?? []).length === 1;
    return /^text\/html; charset=utf-8$/i.test(headers.get('content-type') ?? '') && onlyOurs
      ? undefined
      : `the preview answered with ${headers.get('content-type')}`;
  }
  // a Range header gets part of the page, as a static file should
  if (status === 206 && sent.method === 'GET' && target.split('?')[0] === '/') {
    return /^text\/html; charset=utf-8$/i.test(headers.get('content-type') ?? '') &&
      /^bytes \d+-\d+\/\d+$/.test(headers.get('content-range') ?? '')
      ? undefined
      : 'a 206 of the page without Content-Range';
  }
  if (status === 200 && sent.method === 'GET' && target.split('?')[0] === '/') {
    return /^text\/html; charset=utf-8$/i.test(headers.get('content-type') ?? '') && body.includes('<concept-field')
      ? undefined
      : `the page at / answered with ${headers.get('content-type')}`;
  }
  // the Skosmos REST API's data: RDF in the format asked for
  if (status === 200 && target.startsWith('/rest/v1/') && /\/data$/.test(target.split('?')[0] ?? ''))
    return /^(text\/turtle|application\/rdf\+xml|application\/(ld\+)?json); charset=utf-8$/i.test(headers.get('content-type') ?? '') &&
      body !== ''
      ? undefined
      : `the Skosmos data answered with ${headers.get('content-type')}`;
  if (!/^application\/json; charset=utf-8$/i.test(headers.get('content-type') ?? ''))
    return `status ${status} with Content-Type ${headers.get('content-type')}`;
  let json: any;
  try {
    json = JSON.parse(body);
  } catch {
    return `status ${status} with a body that is not JSON: ${body.slice(0, 200)}`;
  }
  if (target.startsWith('/reconcile')) return reconcileProblem(target, status, headers, json);
  if (target.startsWith('/rest/v1/')) return skosmosProblem(status, json);
  if (status === 200 && target.startsWith('/schemes'))
    return Array.isArray(json.schemes) &&
      json.schemes.every((s: any) => typeof s.uri === 'string' && typeof s.prefLabel === 'string' && Number.isInteger(s.concepts))
      ? undefined
      : `a 200 that is not a contract answer: ${body.slice(0, 200)}`;
  if (status === 200) {
    const concepts = json.concepts ?? json._embedded?.concepts ?? (json.status === 'ok' || json.status === 'ready' ? [] : undefined);
    return Array.isArray(concepts) &&
      concepts.every(
        (c: any) => typeof c.uri === 'string' && typeof c.prefLabel === 'string' && Array.isArray(c.altLabels) && Array.isArray(c.related),
      )
      ? undefined
      : `a 200 that is not a contract answer: ${body.slice(0, 200)}`;
  }
  if (json.status !== status || typeof json.error !== 'string' || typeof json.message !== 'string' || json.message === '')
    return `an error body that is not the contract's: ${body.slice(0, 200)}`;
  if (status === 400 && !/'(q|count|page|lang|scheme|uri|fields)'|malformed HTTP request/.test(json.message))
    return `a 400 that names no parameter: ${json.message}`;
  if (status === 405 && headers.get('allow') !== 'GET, HEAD, OPTIONS') return 'a 405 without Allow';
  return undefined;
}

/** Why an answer of /reconcile... breaks the contract, or undefined: JSON objects, and errors naming the parameter. */
function reconcileProblem(target: string, status: number, headers: Map<string, string>, json: any): string | undefined {
  if (status === 200)
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? undefined
      : `a reconciliation 200 that is no JSON object: ${JSON.stringify(json).slice(0, 200)}`;
  if (json.status !== status || typeof json.message !== 'string')
    return `an error body that is not the contract's: ${JSON.stringify(json).slice(0, 200)}`;
  if (status === 400 && !/^'(queries|extend|prefix|cursor|id)' parameter|malformed HTTP request/.test(json.message))
    return `a reconciliation 400 that names no parameter: ${json.message}`;
  if (status === 404) return `a 404 from ${target}`;
  if (status === 405 && !(headers.get('allow') ?? '').includes('GET')) return 'a 405 without Allow';
  return [400, 404, 405, 413, 415, 431].includes(status) ? undefined : `status ${status} from ${target}`;
}

// ---- the run ---------------------------------------------------------------------------

/** Every triple the store holds, as one digest (the sample vocabulary is a few thousand triples). */
async function fingerprint(store: SparqlStore): Promise<{ triples: number; digest: string }> {
  const rows = await store.select('SELECT ?s ?p ?o WHERE { ?s ?p ?o } LIMIT 100000');
  const lines = rows
    .map((row) =>
      [row.s, row.p, row.o]
        .map((term) => `${term?.termType}:${term?.value}:${term?.termType === 'Literal' ? `${term.language}^${term.datatype.value}` : ''}`)
        .join(' '),
    )
    .sort();
  return { triples: lines.length, digest: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

const SKOS = 'http://www.w3.org/2004/02/skos/core#';

/**
 * On the embedded store, what a file can send comes first: beside the sample vocabulary, a
 * Turtle file whose IRI escapes spell a triple of their own, and a snapshot of the index
 * damaged in its middle (the service wrote it; bits are flipped before the start under test).
 * The forged IRI must be refused, the snapshot set aside and the index built anew.
 */
function hostileFiles(folder: string): Record<string, string> {
  if (process.env.SPARQL_ENDPOINT !== undefined) return {};
  const forged = join(folder, 'forged.ttl');
  const spell = (text: string): string =>
    text.replace(/[<> "\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  writeFileSync(
    forged,
    `<https://example.org/hostile/real> a <${SKOS}Concept> ; <${SKOS}prefLabel> "real thing"@en .\n` +
      `<https://example.org/hostile/x${spell(`> a <${SKOS}Concept> ; <${SKOS}prefLabel> "real forged"@en .\n<https://example.org/hostile/y`)}> <${SKOS}related> <https://example.org/hostile/real> .\n`,
  );
  return { DATA_FILES: `data/sample-vocabulary.ttl,${forged}`, INDEX_SNAPSHOT: join(folder, 'index.bin') };
}

/** A snapshot whose label order's first entry names no label (all ones), its SHA-256 made anew over the edit. */
function forgedAndResealed(bytes: Buffer): Buffer {
  const at = 'SKOSLOOKUP-INDEX-SHA256\n'.length + 4;
  const length = bytes.readUInt32LE(at - 4);
  const layout = JSON.parse(bytes.toString('utf8', at, at + length)) as { arrays: Array<{ name: string; offset: number }> };
  const textOrder = layout.arrays.find((array) => array.name === 'textOrder');
  if (textOrder === undefined) throw new Error('no textOrder in the snapshot');
  const out = Buffer.from(bytes);
  out.writeUInt32LE(0xffffffff, Math.ceil((at + length) / 8) * 8 + textOrder.offset);
  createHash('sha256')
    .update(out.subarray(0, out.length - 32))
    .digest()
    .copy(out, out.length - 32);
  return out;
}

let folder: string;
let files: Record<string, string>;
let service: RunningService;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hostile-'));
  files = hostileFiles(folder);
  if (files.INDEX_SNAPSHOT !== undefined && process.env.LABEL_INDEX !== 'off') {
    const writer = await startService({ CACHE_MAX_ENTRIES: '0', ...files });
    await writer.close();
    copyFileSync(files.INDEX_SNAPSHOT, join(folder, 'whole.bin'));
    const snapshot = readFileSync(files.INDEX_SNAPSHOT);
    for (let i = 0; i < 8; i++) {
      const at = Math.floor(snapshot.length / 2) + i * 97;
      snapshot[at] = (snapshot[at] as number) ^ 0x5a;
    }
    writeFileSync(files.INDEX_SNAPSHOT, snapshot);
    // and another, forged as a writer of the file could: a number of the label order that names
    // no label, the checksum made anew over it (its structure refuses it)
    writeFileSync(join(folder, 'forged.bin'), forgedAndResealed(readFileSync(join(folder, 'whole.bin'))));
  }
  service = await startService({ CACHE_MAX_ENTRIES: '0', ...files });
});
afterAll(async () => {
  await service.close();
  rmSync(folder, { recursive: true, force: true });
});

const backend =
  process.env.SPARQL_ENDPOINT === undefined
    ? 'embedded'
    : `${process.env.SPARQL_DIALECT ?? 'generic'} dialect at ${process.env.SPARQL_ENDPOINT}`;

describe(`hostile requests (${backend}, LABEL_INDEX=${process.env.LABEL_INDEX ?? 'on'})`, () => {
  test(`${REQUESTS} generated requests all get a contract answer, and the store is left as it was`, async () => {
    const port = Number(new URL(service.url).port);
    const before = await fingerprint(service.store);
    expect(before.triples).toBeGreaterThan(1000);

    const requests = fc.sample(request, { numRuns: REQUESTS, seed: SEED });
    // two clients that never read the API description (tens of kB an answer), asked 200 times
    // each: more than the bound on one connection, less than the bound on all together
    const closePaused = await pausedReaders(port, 2, '/openapi.json', 200);
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    let slowest = 0;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < requests.length) {
          const index = next++;
          const sent = requests[index] as RawRequest;
          if (sent.abandonAfterMs !== undefined) {
            await abandon(port, sent.bytes, sent.abandonAfterMs);
            statuses.set('abandoned', (statuses.get('abandoned') ?? 0) + 1);
            continue;
          }
          const t0 = Date.now();
          const response = await exchange(port, sent.bytes);
          slowest = Math.max(slowest, Date.now() - t0);
          const named =
            typeof response === 'string' || response.status !== 400
              ? ''
              : ` ${/'(\w+)'|(malformed HTTP)/.exec(response.body)?.slice(1).find(Boolean) ?? '?'}`;
          const key = typeof response === 'string' ? response : `${response.status}${named}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          const why = problem(sent, response);
          if (why !== undefined) failures.push(`#${index} ${JSON.stringify(sent.bytes.toString('latin1').slice(0, 300))}: ${why}`);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const health = await service.get('/health');
    closePaused();

    const after = await fingerprint(service.store);
    const known = await service.get('/search?q=tea');
    const summary =
      `hostile: ${backend}, LABEL_INDEX=${process.env.LABEL_INDEX ?? 'on'}: ${requests.length} requests in ${seconds.toFixed(1)} s, slowest ${slowest} ms; ` +
      `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; failures ${failures.length}; triples ${before.triples} before, ${after.triples} after, digest ${after.digest === before.digest ? 'unchanged' : 'CHANGED'}\n`;
    process.stdout.write(summary);
    // `HOSTILE_SAVE=1 npm run test:hostile` keeps each run's figures for docs/RELIABILITY.md's table
    if (process.env.HOSTILE_RESULTS !== undefined)
      appendFileSync(
        process.env.HOSTILE_RESULTS,
        `${JSON.stringify({
          store: process.env.SPARQL_ENDPOINT === undefined ? 'embedded' : 'Virtuoso',
          dialect: process.env.SPARQL_DIALECT ?? 'generic',
          labelIndex: process.env.LABEL_INDEX ?? 'on',
          requests: requests.length,
          seconds,
          slowest,
          statuses: Object.fromEntries(statuses),
          failures: failures.length,
          triples: [before.triples, after.triples],
          unchanged: after.digest === before.digest,
        })}\n`,
      );

    expect(failures.slice(0, 20)).toEqual([]);
    expect(health.status).toBe(200);
    expect(after).toEqual(before);
    expect(known.status).toBe(200);
    expect(known.body.concepts[0].prefLabel).toBe('Tea');
    if (files.DATA_FILES !== undefined) {
      const real = await service.get('/search?q=real');
      expect(real.body.concepts.map((concept: { uri: string }) => concept.uri)).toEqual(['https://example.org/hostile/real']);
    }
    if (files.INDEX_SNAPSHOT !== undefined && process.env.LABEL_INDEX !== 'off') {
      expect(readdirSync(folder).filter((name) => name.startsWith('index.bin.damaged-'))).toHaveLength(1);
      // the forged one, under a checksum that holds, is refused by its structure and set aside too
      const forged = await startService({ CACHE_MAX_ENTRIES: '0', ...files, INDEX_SNAPSHOT: join(folder, 'forged.bin') });
      try {
        expect(readdirSync(folder).filter((name) => name.startsWith('forged.bin.damaged-'))).toHaveLength(1);
        expect(forged.concepts.snapshotProblem).toMatch(/its structure does not hold/);
        expect((await forged.get('/search?q=tea')).body.concepts[0].prefLabel).toBe('Tea');
      } finally {
        await forged.close();
      }
    }
  }, 900_000);
});
