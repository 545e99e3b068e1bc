import type { Config } from '../Config.js';
import { describeRoutes } from '../http/describeRoutes.js';
import { rendered, type RenderedBody } from '../http/ResponseCache.js';
import { declare, type Route } from '../http/Route.js';
import { sendRendered } from '../http/sendRendered.js';
import { contractComponents, contractInfo } from './contractDescription.js';
import { OPERATIONS } from './tags.js';

/**
 * GET /openapi.json: the OpenAPI 3.1 description of every route the service answers, made
 * once from their declarations (`routes`, this one among them) and rendered at GET /docs.
 */
export function openApiRoute(config: Config, version: string, routes: () => readonly Route[]): Route {
  let document: RenderedBody | undefined;
  return declare({
    path: '/openapi.json',
    tag: OPERATIONS,
    summary: 'This description',
    answers: { '200': { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } } },
    cache: 'shared',
    send: (_input, req, res) => {
      document ??= rendered(openApiDocument(config, version, routes()));
      return sendRendered(req, res, document, config.httpMaxAge, 'asset');
    },
  });
}

/** The description of `routes`, under the base path. */
function openApiDocument(config: Config, version: string, routes: readonly Route[]): object {
  return describeRoutes(routes, {
    info: contractInfo(config, version),
    servers: [{ url: config.basePath === '' ? '/' : config.basePath }],
    components: contractComponents(config),
  });
}
