import SimpleClient from 'sparql-http-client/SimpleClient.js';
import { Agent } from 'undici';
import { clientsGone } from '../clientScope.js';
import {
  ClientGoneError,
  HttpError,
  UpstreamError,
  UpstreamTimeLimitError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../errors.js';
import { sparqlJsonRows } from './readSparqlJson.js';
import { sparqlXmlRows } from './readSparqlXml.js';
import { inTurns } from '../Turns.js';
import { requestStore, type ClientRequest, type StoreAnswer } from './requestStore.js';
import { TsvFormatError, TsvRows } from './TsvRows.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

export interface HttpStoreOptions {
  endpoint: string;
  user?: string | undefined;
  password?: string | undefined;
  /** Each sent as a `default-graph-uri`: the store answers from the merge of those graphs alone; empty or undefined: its default graph. */
  graphs?: readonly string[] | undefined;
  timeoutMs: number;
}

/**
 * Connections to the store, kept alive, with no time limits of their own: each query's
 * AbortSignal is its limit. undici otherwise gives up on an answer whose headers take
 * more than 300 s, and a store computes a million label rows (one part of the label
 * index's read, whose budget is LABEL_INDEX_READ_SECONDS) before it sends the first.
 */
const DISPATCHER = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/**
 * The same, but a new connection for each query (`pipelining: 0` closes it after the
 * answer): for Virtuoso. Virtuoso writes an answer's headers and its body in separate
 * writes without TCP_NODELAY, so on a kept-alive connection the body waits for the client's
 * delayed ACK of the headers, 40 ms on Linux, whenever the answer is longer than one of
 * Virtuoso's 32 KB buffers. Measured at 2 million concepts on one machine: /get of twenty
 * concepts from the store p95 50 ms kept alive, 11 ms on new connections (the p50 the same);
 * a new connection costs 0.2 ms there (docs/benchmark-history.md). The cost: a connection in
 * TIME_WAIT for each query, a limit only for a store far away asked hundreds of times a
 * second (docs/stores.md).
 */
const FRESH_CONNECTIONS = new Agent({ headersTimeout: 0, bodyTimeout: 0, pipelining: 0 });

/** Virtuoso refuses a CONSTRUCT answer of more than this many triples (FRVEC ... over max vector length). */
const VIRTUOSO_LARGEST_ANSWER = 1_000_000;

/** The SELECT results asked of a store that writes JSON slowly: XML, JSON still taken. */
const XML_RESULTS = 'application/sparql-results+xml, application/sparql-results+json;q=0.9';
const JSON_RESULTS = 'application/sparql-results+json';

/**
 * The form of SELECT results asked of a store that said, in its `Server` header, what it
 * is. Virtuoso (7.2) writes SPARQL JSON results three to six times slower than the same
 * results as XML: twenty concepts' details (200 rows) take it 22 ms as JSON, 7 ms as XML
 * (docs/benchmark-history.md). Its TSV would be faster still, but it leaves out whether a
 * value is an IRI or a literal, and the literal's language. Other stores write JSON as fast
 * as anything, and Node reads it faster.
 */
export function selectAccept(server: string | undefined): string {
  return isVirtuoso(server) ? XML_RESULTS : JSON_RESULTS;
}

/** Whether each query to a store that said what it is goes on a new connection (see FRESH_CONNECTIONS). */
export function newConnectionEachQuery(server: string | undefined): boolean {
  return isVirtuoso(server);
}

/** How queries reach a store that said what it is. */
export function dispatcherFor(server: string | undefined): Agent {
  return newConnectionEachQuery(server) ? FRESH_CONNECTIONS : DISPATCHER;
}

function isVirtuoso(server: string | undefined): boolean {
  return server !== undefined && /virtuoso/i.test(server);
}

/**
 * Any SPARQL 1.1 endpoint over the SPARQL protocol: queries are POSTed form-encoded (a
 * /get for 100 URIs is too long for a URL), results are read as SPARQL JSON, or XML where
 * the store writes that faster (`selectAccept`). Connections are kept alive between queries,
 * except to Virtuoso (`dispatcherFor`). Each query is aborted after
 * `timeoutMs`, response body included.
 */
export class HttpStore implements SparqlStore {
  private readonly options: HttpStoreOptions;

  constructor(options: HttpStoreOptions) {
    this.options = { ...options };
  }

  readonly streams = true;
  /** The `Server` header of the store's first answer: how it is known that a store caps its answers. */
  private server: string | undefined;

  /** Virtuoso's CONSTRUCT cap, where the store said it is Virtuoso (its `Server` header); else no known cap. */
  get largestAnswer(): number | undefined {
    return isVirtuoso(this.server) ? VIRTUOSO_LARGEST_ANSWER : undefined;
  }

  /** A request's query: cut off when its clients have all gone (clientScope.ts), with a 499. */
  async select(query: string, _name?: string, timeout?: number): Promise<Bindings[]> {
    const timeoutMs = Math.min(timeout ?? Infinity, this.options.timeoutMs);
    const gone = clientsGone();
    const signal = gone === undefined ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([AbortSignal.timeout(timeoutMs), gone]);
    try {
      const response = await this.send(query, selectAccept(this.server), signal, timeoutMs);
      const text = await readBody(response, signal, timeoutMs);
      if (!response.ok) {
        throw refusal(response.status, text);
      }
      return await parseResults(text, response.headers.get('content-type'));
    } catch (error) {
      if (gone?.aborted === true) throw new ClientGoneError({ cause: error });
      throw error;
    }
  }

  /**
   * Asks for tab-separated values (a store sends them several times faster than JSON, and
   * they parse as they arrive); a store that answers JSON instead is read whole.
   */
  async selectRows(query: string, variables: readonly string[], take: (values: string[]) => void, timeoutMs: number): Promise<number> {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await this.send(query, 'text/tab-separated-values, application/sparql-results+json;q=0.5', signal, timeoutMs);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || /json/i.test(type)) {
      const text = await readBody(response, signal, timeoutMs);
      if (!response.ok) throw refusal(response.status, text);
      const rows = await parseResults(text, type);
      for (const row of rows) take(variables.map((name) => row[name]?.value ?? ''));
      return rows.length;
    }
    if (!/tab-separated/i.test(type)) {
      response.discard();
      throw new UpstreamError(`answered with ${type.split(';')[0]}, not SPARQL TSV or JSON results`);
    }
    const tsv = TsvRows.of(variables, take);
    await streamBody(response.body, tsv, signal, timeoutMs, TsvFormatError);
    return tsv.rows;
  }

  /** Asks for N-Triples (`text/plain`, N-Triples' older type, is taken as such too), handed on as they arrive. */
  async constructText(query: string, take: (text: string) => void | Promise<void>, timeoutMs: number): Promise<void> {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await this.send(query, 'application/n-triples, text/plain;q=0.5', signal, timeoutMs);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok) {
      const text = await readBody(response, signal, timeoutMs);
      throw refusal(response.status, text);
    }
    if (!/n-triples|text\/plain/i.test(type)) {
      response.discard();
      throw new UpstreamError(`answered with ${type.split(';')[0]}, not N-Triples`);
    }
    await streamBody(response.body, { push: take, end: () => {} }, signal, timeoutMs);
  }

  private async send(query: string, accept: string, signal: AbortSignal, timeoutMs: number): Promise<StoreAnswer> {
    const { endpoint, user, password, graphs = [] } = this.options;
    // sparql-http-client builds the request (the form, the graph, the credentials) and hands
    // it to its `fetch`: here undici's `request` (requestStore.ts), with this query's signal
    // (sparql-http-client passes none on); a client is a few plain objects.
    const dispatcher = dispatcherFor(this.server);
    const client = new SimpleClient({
      endpointUrl: endpoint,
      user,
      password,
      fetch: ((url: string | URL, init: ClientRequest) => requestStore(url, init, signal, dispatcher)) as unknown as typeof fetch,
    });
    try {
      const response = (await client.query.select(query, {
        operation: 'postUrlencoded',
        headers: { accept },
        ...(graphs.length === 0 ? {} : { defaultGraph: [...graphs] }),
      })) as unknown as StoreAnswer;
      this.server ??= response.headers.get('server') ?? undefined;
      return response;
    } catch (error) {
      if (signal.aborted) throw new UpstreamTimeoutError(timeoutMs, { cause: error });
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new UpstreamUnavailableError(typeof code === 'string' ? `cannot be reached (${code})` : 'cannot be reached', { cause: error });
    }
  }

  async close(): Promise<void> {}
}

/**
 * Hands a streamed answer to `reader` chunk by chunk. An error thrown while the reader's
 * taker takes a row is the caller's and passes as it is; the store's own failures become
 * the contract's errors.
 */
async function streamBody(
  body: AsyncIterable<Uint8Array>,
  reader: { push(text: string): void | Promise<void>; end(): void },
  signal: AbortSignal,
  timeoutMs: number,
  FormatError?: new (...args: never[]) => Error,
): Promise<void> {
  const decoder = new TextDecoder();
  let reading = true; // false while the reader runs: its errors are the caller's unless they are format errors
  try {
    for await (const chunk of body) {
      const text = decoder.decode(chunk, { stream: true });
      reading = false;
      await reader.push(text);
      reading = true;
    }
    const rest = decoder.decode();
    reading = false;
    await reader.push(rest);
    reader.end();
  } catch (error) {
    if (FormatError !== undefined && error instanceof FormatError)
      throw new UpstreamError(`answered with an answer that cannot be read: ${error.message}`, { cause: error });
    if (!reading) throw error;
    if (signal.aborted) throw new UpstreamTimeoutError(timeoutMs, { cause: error });
    throw new UpstreamError('broke off its answer', { cause: error });
  }
}

async function readBody(response: StoreAnswer, signal: AbortSignal, timeoutMs: number): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (signal.aborted) throw new UpstreamTimeoutError(timeoutMs, { cause: error });
    throw new UpstreamError('broke off its answer', { cause: error });
  }
}

/** Reads SELECT results as SPARQL JSON, or as SPARQL XML where the store says it sent that; a long answer's rows in slices (Turns). */
async function parseResults(text: string, contentType: string | null): Promise<Bindings[]> {
  const xml = contentType !== null && /sparql-results\+xml/i.test(contentType);
  if (contentType !== null && !xml && !/json/i.test(contentType)) {
    throw new UpstreamError(`answered with ${contentType.split(';')[0]}, not SPARQL JSON or XML results`);
  }
  try {
    return await inTurns(xml ? sparqlXmlRows(text) : sparqlJsonRows(JSON.parse(text)));
  } catch (error) {
    throw new UpstreamError(`answered with something that is not SPARQL ${xml ? 'XML' : 'JSON'} results`, { cause: error });
  }
}

/**
 * What a store's answer other than 200 means for the client: a query the store stopped at its
 * own time limit is a 504 (Fuseki's --timeout answers 503 "Query timed out"), a store that
 * says it is busy (503, 429) a 503 with Retry-After, anything else a 502. The store's text
 * goes to the log only, as the cause.
 */
export function refusal(status: number, text: string): HttpError {
  const cause = new Error(text.slice(0, 500));
  if ((status === 503 || status === 500) && /timed? ?out|timeout/i.test(text.slice(0, 2000))) return new UpstreamTimeLimitError({ cause });
  if (status === 503 || status === 429) return new UpstreamUnavailableError(`is busy (HTTP ${status})`, { cause });
  return new UpstreamError(`answered with HTTP status ${status}`, { cause });
}
