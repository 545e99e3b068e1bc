import { BODY_BYTES, HEADERS_TIMEOUT_MS, HEADER_BYTES, REQUEST_TIMEOUT_MS, bytesInWords } from '../http/limits.js';

/**
 * The answers the contract's routes declare, and those every route may refer to: the errors
 * with their bodies and examples (their limits from http/limits.ts), the 304, the answers of a
 * cached JSON lookup. Components of the API description (contractDescription.ts).
 */

/** A reference to a shared component. */
export const ref = (kind: string, name: string): { $ref: string } => ({ $ref: `#/components/${kind}/${name}` });

const ERROR_STATUS: Readonly<Record<string, string>> = {
  BadRequest: '400',
  NotFound: '404',
  MethodNotAllowed: '405',
  RequestTimeout: '408',
  PayloadTooLarge: '413',
  UriTooLong: '414',
  UnsupportedMediaType: '415',
  HeadersTooLarge: '431',
  InternalServerError: '500',
  BadGateway: '502',
  ServiceUnavailable: '503',
  GatewayTimeout: '504',
};

/** The errors any lookup may answer with: a parameter at fault, a request too slow or too large, and the store's. */
const LOOKUP_ERRORS = [
  'BadRequest',
  'RequestTimeout',
  'UriTooLong',
  'HeadersTooLarge',
  'BadGateway',
  'ServiceUnavailable',
  'GatewayTimeout',
  'InternalServerError',
] as const;

/** The errors a lookup that takes no parameter may answer with: the store's. */
export const STORE_ERRORS = ['BadGateway', 'ServiceUnavailable', 'GatewayTimeout', 'InternalServerError'] as const;

/** The shared error answers named, by their status. */
export function errorAnswers(names: readonly string[]): Record<string, object> {
  return Object.fromEntries(names.map((name) => [ERROR_STATUS[name] as string, ref('responses', name)]));
}

/** The answers of a cached JSON lookup: a 200 of `body` (a schema's name or a schema) with its caching headers, a 304, and `errors`. */
export function lookupAnswers(body: string | object, errors: readonly string[] = LOOKUP_ERRORS): Record<string, object> {
  return {
    '200': {
      description: 'Done, also when nothing matched.',
      headers: { 'Cache-Control': ref('headers', 'CacheControl'), ETag: ref('headers', 'ETag') },
      content: { 'application/json': { schema: typeof body === 'string' ? ref('schemas', body) : body } },
    },
    '304': ref('responses', 'NotModified'),
    ...errorAnswers(errors),
  };
}

/** An error answer, with the error body and an example of it. */
function errorResponse(description: string, example: string, retryAfter = false): object {
  return {
    description,
    headers: { 'Cache-Control': { schema: { const: 'no-store' } }, ...(retryAfter ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}) },
    content: { 'application/json': { schema: ref('schemas', 'Error'), example: JSON.parse(example) } },
  };
}

/** The answers every route may refer to: a 304, and the errors with their bodies. */
export function errorResponses(): object {
  return {
    NotModified: { description: 'If-None-Match matched the ETag of the answer; no body.' },
    BadRequest: errorResponse(
      'A parameter is missing, empty, malformed or out of range; the message names it.',
      `{"status":400,"error":"Bad Request","message":"'q' parameter is mandatory"}`,
    ),
    NotFound: errorResponse('No such path.', '{"status":404,"error":"Not Found","message":"no such path"}'),
    MethodNotAllowed: errorResponse(
      'A method other than GET, HEAD and OPTIONS; with an Allow header.',
      '{"status":405,"error":"Method Not Allowed","message":"method POST is not allowed; use GET, HEAD or OPTIONS"}',
    ),
    RequestTimeout: errorResponse(
      `The request's headers did not come within ${HEADERS_TIMEOUT_MS / 1000} s, or the whole request within ${REQUEST_TIMEOUT_MS / 1000} s; the connection is closed.`,
      `{"status":408,"error":"Request Timeout","message":"the request did not come whole within ${HEADERS_TIMEOUT_MS / 1000} s (its headers) or ${REQUEST_TIMEOUT_MS / 1000} s (all of it)"}`,
    ),
    PayloadTooLarge: errorResponse(
      `A request body over ${bytesInWords(BODY_BYTES)} (or, on the 1.0 draft, more queries than batchSize).`,
      '{"status":413,"error":"Payload Too Large","message":"payload too large: request entity too large"}',
    ),
    UriTooLong: errorResponse(
      `A request line over ${bytesInWords(HEADER_BYTES)}.`,
      '{"status":414,"error":"URI Too Long","message":"malformed HTTP request: ..."}',
    ),
    UnsupportedMediaType: errorResponse(
      'A request body in a Content-Encoding the service cannot decode (it takes gzip, deflate and br).',
      '{"status":415,"error":"Unsupported Media Type","message":"unsupported media type: unsupported content encoding \\"zzz\\""}',
    ),
    HeadersTooLarge: errorResponse(
      `Request headers over ${bytesInWords(HEADER_BYTES)} in all.`,
      '{"status":431,"error":"Request Header Fields Too Large","message":"malformed HTTP request: ..."}',
    ),
    InternalServerError: errorResponse(
      'A bug in this service.',
      '{"status":500,"error":"Internal Server Error","message":"internal error"}',
    ),
    BadGateway: errorResponse(
      'The SPARQL store answered with an error or with something that is not SPARQL results.',
      '{"status":502,"error":"Bad Gateway","message":"the SPARQL store answered with HTTP 500"}',
    ),
    ServiceUnavailable: errorResponse(
      'The SPARQL store cannot be reached, or the service is shedding load.',
      '{"status":503,"error":"Service Unavailable","message":"the SPARQL store cannot be reached"}',
      true,
    ),
    GatewayTimeout: errorResponse(
      'The SPARQL store did not answer within SPARQL_TIMEOUT_MS.',
      '{"status":504,"error":"Gateway Timeout","message":"the SPARQL store did not answer within 10000 ms"}',
    ),
  };
}
