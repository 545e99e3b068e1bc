// The least a service between a client and the store costs: a bare node:http server that
// takes a SPARQL query POSTed to it, asks the store through the service's own store client
// (dist/store/createStore.js: HttpStore behind its limiter and circuit breaker, as the
// service opens it) and answers the rows as JSON. No routing, no parameters, no query
// written, no concepts read: what is left is one more process and one more HTTP exchange.
// getFigures asks it beside the service and the store: on this machine the hop alone
// explains most of what /get from the store costs above the store's own query.
// Started by the benchmark as a child: SPARQL_ENDPOINT, SPARQL_GRAPH, SPARQL_TIMEOUT_MS as
// the service takes them; PORT (0: any); it logs the address it listens on as the service does.
import { createServer } from 'node:http';
import { loadConfig } from '../../dist/loadConfig.js';
import { createStore } from '../../dist/store/createStore.js';

const store = await createStore(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
await store.select('SELECT (1 AS ?one) WHERE {}'); // the store's Server header: how the service asks it from then on
const server = createServer(async (req, res) => {
  let query = '';
  for await (const chunk of req) query += chunk;
  try {
    const rows = await store.select(query, 'forwarded');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
  } catch (error) {
    res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  process.stderr.write(`${JSON.stringify({ msg: `listening on http://127.0.0.1:${server.address().port}` })}\n`),
);
