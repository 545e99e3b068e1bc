// The floor of an answer from memory: a bare node:http server (no framework, nothing in the
// way) answering a fixed JSON body of a given size at /NAME (BODY_SIZES='{"suggest": 812, ...}').
// Logs "listening on URL/" on stderr like the service.
import { createServer } from 'node:http';

const bodies = new Map(
  Object.entries(JSON.parse(process.env.BODY_SIZES ?? '{}')).map(([name, size]) => [
    `/${name}`,
    Buffer.from(JSON.stringify({ concepts: 'x'.repeat(Math.max(0, size - 16)) })),
  ]),
);
const server = createServer((req, res) => {
  const body = bodies.get(req.url);
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stderr.write(`{"msg":"listening on http://127.0.0.1:${server.address().port}/"}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
