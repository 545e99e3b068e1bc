// The ceiling of the benchmark: a bare Express 5 app whose routes answer a fixed JSON body
// of a given size (BODY_SIZES='{"suggest": 812, ...}'), with nothing else in the way. Logs
// "listening on URL/" on stderr like the service.
import express from 'express';

const sizes = JSON.parse(process.env.BODY_SIZES ?? '{}');
const app = express();
for (const [name, size] of Object.entries(sizes)) {
  const body = JSON.stringify({ concepts: 'x'.repeat(Math.max(0, size - 16)) });
  app.get(`/${name}`, (_req, res) => {
    res.type('application/json; charset=utf-8').send(body);
  });
}
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stderr.write(`{"msg":"listening on http://127.0.0.1:${server.address().port}/"}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
