import { readFileSync, writeFileSync } from 'node:fs';
import { routesInMarkdown } from '../../src/http/describeRoutes.js';
import { startService, type RunningService } from '../support/service.js';

// docs/routes.md is made from the route declarations, as /openapi.json is: this test fails
// when the page is not what the routes give (`npm run docs:routes` writes it anew). The limits
// that docs/production.md states are quoted from their declarations (`<!-- declared -->`
// markers, bench/tables.mjs: `npm run lint` fails where they differ).

const PAGE = 'docs/routes.md';
const HEAD = `<!-- Made from the route declarations by \`npm run docs:routes\`; \`npm test\` fails when it is not what they give. -->
# Routes

Every route the service answers on its defaults, as each is declared beside its handler: its
method and path (below \`BASE_PATH\`), the parameters it reads with their rules, and what it
answers. \`/openapi.json\` describes the same routes in full, and [api.md](api.md) says how
they behave. \`/metrics\` is there while \`METRICS=on\` (the default).

`;

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

test('docs/routes.md is what the route declarations give', () => {
  const page = HEAD + routesInMarkdown(service.routes);
  if (process.env.WRITE_DOCS === '1') writeFileSync(PAGE, page);
  expect(readFileSync(PAGE, 'utf8')).toBe(page);
  // the page holds what a client calls, from each protocol
  for (const route of [
    'GET `/search`',
    'GET, POST `/reconcile`',
    'POST `/reconcile/1.0-draft/match`',
    'GET `/rest/v1/{vocid}/vocabularyStatistics`',
    'GET `/jskos/concepts`',
  ])
    expect(page).toContain(route);
});
