import { request, type Dispatcher } from 'undici';

/** How many times one query follows a store that moved (fetch's limit is 20). */
const MAX_REDIRECTIONS = 5;

/** What HttpStore reads of a store's answer: the part of a fetch Response it uses. */
export interface StoreAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  /** The body as it arrives, chunk by chunk. */
  readonly body: AsyncIterable<Uint8Array>;
  /** The whole body as text (UTF-8). */
  text(): Promise<string>;
  /** Drops a body that is not read, so that its connection is freed. */
  discard(): void;
}

/** The request sparql-http-client builds: what it would hand to fetch. */
export interface ClientRequest {
  method?: string;
  headers?: Headers | Record<string, string>;
  body?: URLSearchParams | string;
}

/**
 * Sends one request that sparql-http-client has built, with undici's `request` where Node's
 * fetch would send it: the same connections (`dispatcher`), the same abort (`signal`), but
 * without fetch's WHATWG Request, Headers and body streams. Those cost each store query
 * about 0.6 ms of the service's one thread: twenty concepts' details (200 rows) from
 * Virtuoso at 2 million concepts took 7.6 ms by fetch and 7.0 ms by `request`, asked in
 * turn (docs/benchmark-history.md). A connection that fails rejects as fetch does: an
 * error whose `cause` has the system's `code` (ECONNREFUSED...).
 */
export async function requestStore(
  url: string | URL,
  init: ClientRequest,
  signal: AbortSignal,
  dispatcher: Dispatcher,
): Promise<StoreAnswer> {
  const headers: Record<string, string> = {};
  if (init.headers instanceof Headers) init.headers.forEach((value, name) => (headers[name] = value));
  else Object.assign(headers, init.headers);
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(url, {
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers,
      body: init.body === undefined ? undefined : String(init.body),
      signal,
      dispatcher,
      // as fetch does, but a store that moved with 301 or 302 is POSTed the query again
      // (fetch would GET it without one); 303 is a GET, as it says
      maxRedirections: MAX_REDIRECTIONS,
    });
  } catch (error) {
    throw new Error('the request failed', { cause: error });
  }
  const { statusCode, headers: received, body } = answer;
  return {
    ok: statusCode >= 200 && statusCode < 300,
    status: statusCode,
    headers: {
      get(name: string): string | null {
        const value = received[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    body,
    text: () => body.text(),
    discard: () => void body.dump().catch(() => {}),
  };
}
