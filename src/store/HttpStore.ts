import SimpleClient from 'sparql-http-client/SimpleClient.js';
import { UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '../errors.js';
import { readSparqlJson } from './readSparqlJson.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

export interface HttpStoreOptions {
  endpoint: string;
  user?: string | undefined;
  password?: string | undefined;
  /** Sent as `default-graph-uri`: the store answers from that graph alone. */
  graph?: string | undefined;
  timeoutMs: number;
}

/**
 * Any SPARQL 1.1 endpoint over the SPARQL protocol: queries are POSTed form-encoded (a
 * /get for 100 URIs is too long for a URL), results are read as SPARQL JSON. Node's fetch
 * keeps connections alive between queries. Each query is aborted after `timeoutMs`,
 * response body included.
 */
export class HttpStore implements SparqlStore {
  private readonly options: HttpStoreOptions;

  constructor(options: HttpStoreOptions) {
    this.options = { ...options };
  }

  async select(query: string): Promise<Bindings[]> {
    const { endpoint, user, password, graph, timeoutMs } = this.options;
    const signal = AbortSignal.timeout(timeoutMs);
    // sparql-http-client does not pass an AbortSignal on, so each query gets a client whose
    // fetch carries this query's signal; a client is a few plain objects.
    const client = new SimpleClient({
      endpointUrl: endpoint,
      user,
      password,
      fetch: (url, init) => fetch(url, { ...init, signal }),
    });
    let response: Response;
    try {
      response = await client.query.select(query, {
        operation: 'postUrlencoded',
        ...(graph === undefined ? {} : { defaultGraph: [graph] }),
      });
    } catch (error) {
      if (signal.aborted) throw new UpstreamTimeoutError(timeoutMs, { cause: error });
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new UpstreamUnavailableError(typeof code === 'string' ? `cannot be reached (${code})` : 'cannot be reached', { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw new UpstreamTimeoutError(timeoutMs, { cause: error });
      throw new UpstreamError('broke off its answer', { cause: error });
    }
    if (!response.ok) {
      throw new UpstreamError(`answered with HTTP status ${response.status}`, { cause: new Error(text.slice(0, 500)) });
    }
    return parseResults(text, response.headers.get('content-type'));
  }

  async close(): Promise<void> {}
}

function parseResults(text: string, contentType: string | null): Bindings[] {
  if (contentType !== null && !/json/i.test(contentType)) {
    throw new UpstreamError(`answered with ${contentType.split(';')[0]}, not SPARQL JSON results`);
  }
  try {
    return readSparqlJson(JSON.parse(text));
  } catch (error) {
    throw new UpstreamError('answered with something that is not SPARQL JSON results', { cause: error });
  }
}
