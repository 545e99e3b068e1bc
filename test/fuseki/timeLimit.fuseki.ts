import { startService, type RunningService } from '../support/service.js';

// Run by test:fuseki on a real Fuseki started with a query time limit of 1 ms (its --timeout):
// Fuseki stops the query and answers 503 "Query timed out"; the client gets a 504 that says
// the store stopped it at its own limit, not a 502 or a 503 that would send it elsewhere.

let service: RunningService;
beforeAll(async () => {
  service = await startService({ LABEL_INDEX: 'off' });
});
afterAll(() => service.close());

test("a query Fuseki stops at its --timeout is a 504 naming the store's own time limit", async () => {
  const { status, body } = await service.get('/search?q=tea');
  expect(status).toBe(504);
  expect(body).toEqual({ status: 504, error: 'Gateway Timeout', message: 'the SPARQL store stopped the query at its own time limit' });
});
