import oxigraph from 'oxigraph';
import { misbehavingEndpoint, type MisbehavingEndpoint } from './misbehavingEndpoint.js';

/** How the endpoint bends the real store's answers. */
export interface Misbehaviour {
  /** Triples (CONSTRUCT) or rows (SELECT) one answer carries at most, cut silently as Virtuoso cuts them. */
  cap?: number;
  /** Holds back the last line of every long answer (more than 1,000 lines) this long. */
  holdLastMs?: number;
  /** Answers SELECT queries this late (read at each query: a test may change it). */
  slowSelectMs?: number;
  /** Refuses a CONSTRUCT answer of more triples with a 500 before its first triple, as Virtuoso refuses one of over a million. */
  refuseOver?: number;
  /** Stops a CONSTRUCT answer of more triples at its time limit before its first triple, as Fuseki's --timeout does: a 503 "Query timed out". */
  timeLimitOver?: number;
  /** The `Server` header of every answer. */
  server?: string;
  /**
   * The store's default graph is its own (as Fuseki's is, unless configured to be the union),
   * not the union of its named graphs; `default-graph-uri` asks for the merge of those graphs.
   */
  separateGraphs?: boolean;
}

/**
 * A SPARQL endpoint over HTTP whose answers come from a real Oxigraph store (`store`, which
 * a test may change between queries): SELECT as TSV or JSON, CONSTRUCT as N-Triples. What
 * it adds is only what a misbehaving endpoint can show: a cap on answers, a slow last line.
 */
export async function oxigraphEndpoint(
  store: oxigraph.Store,
  misbehaviour: Misbehaviour = {},
  /** The loopback port to listen on; 0: any free one. */
  port = 0,
): Promise<MisbehavingEndpoint> {
  return misbehavingEndpoint((res, body) => {
    const form = new URLSearchParams(body);
    const query = form.get('query') ?? '';
    const accept = /tab-separated/.test(String(res.req.headers.accept))
      ? 'text/tab-separated-values'
      : /n-triples/.test(String(res.req.headers.accept))
        ? 'application/n-triples'
        : 'application/sparql-results+json';
    let text: string;
    try {
      const construct = /^\s*(PREFIX[^\n]*\n\s*)*CONSTRUCT/i.test(query);
      const graphs = [
        ...form.getAll('default-graph-uri'),
        ...new URL(res.req.url ?? '/', 'http://endpoint').searchParams.getAll('default-graph-uri'),
      ];
      const dataset =
        graphs.length > 0
          ? { default_graph: graphs.map((graph) => oxigraph.namedNode(graph)) }
          : misbehaviour.separateGraphs === true
            ? {}
            : { use_default_graph_as_union: true };
      const answer = store.query(query, { ...dataset, results_format: construct ? 'application/n-triples' : accept });
      text = String(answer);
      if (misbehaviour.server !== undefined) res.setHeader('Server', misbehaviour.server);
      if (
        construct &&
        misbehaviour.refuseOver !== undefined &&
        text.split('\n').filter((line) => line !== '').length > misbehaviour.refuseOver
      ) {
        res.statusCode = 500;
        res.end(`Virtuoso 42000 Error FRVEC: array in for vectored over max vector length > ${misbehaviour.refuseOver}`);
        return;
      }
      if (
        construct &&
        misbehaviour.timeLimitOver !== undefined &&
        text.split('\n').filter((line) => line !== '').length > misbehaviour.timeLimitOver
      ) {
        res.statusCode = 503;
        res.end('Query timed out');
        return;
      }
      res.setHeader('Content-Type', construct ? 'application/n-triples' : accept);
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
      return;
    }
    if (!/n-triples/.test(String(res.getHeader('Content-Type'))) && (misbehaviour.slowSelectMs ?? 0) > 0) {
      setTimeout(() => res.end(text), misbehaviour.slowSelectMs).unref();
      return;
    }
    if (/json/.test(String(res.getHeader('Content-Type')))) return void res.end(text);
    const lines = text.split('\n');
    if (text.endsWith('\n')) lines.pop();
    const header = /n-triples/.test(String(res.getHeader('Content-Type'))) ? [] : lines.splice(0, 1);
    const cut = misbehaviour.cap === undefined ? lines : lines.slice(0, misbehaviour.cap);
    const all = [...header, ...cut];
    if (misbehaviour.holdLastMs !== undefined && all.length > 1000) {
      res.write(all.slice(0, -1).join('\n') + '\n');
      setTimeout(() => res.end(`${all.at(-1) as string}\n`), misbehaviour.holdLastMs).unref();
      return;
    }
    res.end(all.length === 0 ? '' : all.join('\n') + '\n');
  }, port);
}
